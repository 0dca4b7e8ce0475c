/**
 * Several audio files from one multipart body (field `files`, repeated; `file` is taken too)
 * into a temporary folder of the data dir, for "check my files" and "master my files". Each part
 * streams to disk with a size limit; text fields are collected. Parsing, limits and errors are
 * api/multipart.ts's; a full disk is 507 with nothing half-written. The caller removes the
 * folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isMultipart, readMultipart, type FilePartInfo } from '../../../api/multipart.ts';
import { AppError } from '../../../errors.ts';
import { writeStreamToFile } from '../../../storage-space.ts';
import { safeName } from './export-plan.ts';

export const MAX_CHECK_FILES = 20;
export const MAX_CHECK_FILE_BYTES = 1024 * 1024 * 1024;

export interface UploadedAudio {
  filename: string;
  path: string;
  bytes: number;
}

export async function readAudioUploads(
  stream: Readable | null,
  headers: Record<string, string | undefined>,
  dir: string,
  signal?: AbortSignal,
): Promise<{ files: UploadedAudio[]; fields: Record<string, string> }> {
  if (!stream || !isMultipart(headers['content-type']))
    throw new AppError(
      'unsupported_media_type',
      'Send the audio as multipart/form-data, one "files" part per file.',
    );
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const store = async (part: Readable, info: FilePartInfo): Promise<UploadedAudio> => {
    const n = ++count;
    const filename = safeName(path.basename(info.filename || `file-${n}`));
    const target = path.join(dir, `${n}-${filename}`);
    const bytes = await writeStreamToFile(part, target, signal);
    return { filename: info.filename || filename, path: target, bytes };
  };
  const upload = await readMultipart<UploadedAudio>(stream, headers['content-type'], {
    // "files" is the documented name; a single "file" part is taken as well.
    fileField: ['files', 'file'],
    maxFiles: MAX_CHECK_FILES,
    maxFileBytes: MAX_CHECK_FILE_BYTES,
    what: 'An audio file',
    onFile: store,
    onDiscard: (file) => fs.rmSync(file.path, { force: true }),
  });
  if (upload.files.length === 0)
    throw new AppError(
      'validation_error',
      'No audio: send one or more files in the "files" field.',
      {
        details: { fields: [{ loc: ['body', 'files'], msg: 'required' }] },
      },
    );
  return upload;
}
