/**
 * Reads a voice upload (multipart/form-data): the text fields and every file part of one field
 * name (`file`, or the repeated `voice_files` of a multi-sample voice), each streamed into its
 * own file in a private folder as it arrives. The multipart parsing, its limits and its errors
 * are api/multipart.ts's (a part over its limit is 413, one part too many 400, a truncated body
 * 400); a full disk is 507 with nothing half-written. The caller owns the folder (and removes
 * it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isMultipart, readMultipartFiles } from '../../../api/multipart.ts';
import { AppError } from '../../../errors.ts';
import { writeStreamToFile } from '../../../storage-space.ts';

export interface UploadedSample {
  path: string;
  /** The name the client gave (for messages and the report). */
  filename: string;
  bytes: number;
}

export interface SampleUpload {
  fields: Record<string, string>;
  files: UploadedSample[];
}

export interface SampleUploadOptions {
  field: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Folder to write into (created). */
  dir: string;
  signal?: AbortSignal;
}

function safeName(name: string, index: number): string {
  const ext = path
    .extname(name)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 8);
  return `sample-${index + 1}${ext}`;
}

export async function readSampleUpload(
  stream: Readable | null,
  headers: Record<string, string | undefined>,
  options: SampleUploadOptions,
): Promise<SampleUpload> {
  if (!stream || !isMultipart(headers['content-type']))
    throw new AppError(
      'validation_error',
      `Send multipart/form-data with the audio in "${options.field}".`,
      { details: { fields: [{ loc: ['body', options.field], msg: 'required' }] } },
    );
  fs.mkdirSync(options.dir, { recursive: true });
  let index = 0;
  const upload = await readMultipartFiles<UploadedSample>(stream, headers, {
    fileField: options.field,
    maxFiles: options.maxFiles,
    maxFileBytes: options.maxFileBytes,
    what: 'A voice sample',
    onFile: async (part, info) => {
      const file = path.join(options.dir, safeName(info.filename, index++));
      const bytes = await writeStreamToFile(part, file, options.signal);
      return { path: file, filename: info.filename || path.basename(file), bytes };
    },
    onDiscard: (sample) => fs.rmSync(sample.path, { force: true }),
  });
  const empty = upload.files.find((f) => f.bytes === 0);
  if (empty) throw new AppError('validation_error', `${empty.filename} is empty.`);
  return upload;
}
