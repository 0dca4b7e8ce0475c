/**
 * Reads a voice upload (multipart/form-data): the text fields and every file part of one field
 * name (`file`, or the repeated `voice_files` of a multi-sample voice), each streamed into its
 * own file in a private folder as it arrives. A part over its limit ends the request with 413;
 * more parts than allowed are 400. The caller owns the folder (and removes it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { byteLimit, isMultipart } from '../../../api/multipart.ts';
import { AppError } from '../../../errors.ts';

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

export function readSampleUpload(
  stream: Readable | null,
  headers: Record<string, string | undefined>,
  options: SampleUploadOptions,
): Promise<SampleUpload> {
  if (!stream || !isMultipart(headers['content-type']))
    return Promise.reject(
      new AppError(
        'validation_error',
        `Send multipart/form-data with the audio in "${options.field}".`,
        { details: { fields: [{ loc: ['body', options.field], msg: 'required' }] } },
      ),
    );
  fs.mkdirSync(options.dir, { recursive: true });
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': headers['content-type'] ?? '' },
        limits: { fields: 50, fieldSize: 64 * 1024, files: options.maxFiles + 5, parts: 80 },
      });
    } catch (error) {
      reject(
        new AppError('bad_request', 'The multipart/form-data body is malformed.', { cause: error }),
      );
      return;
    }
    const fields: Record<string, string> = {};
    const writes: Promise<UploadedSample>[] = [];
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      stream.unpipe(parser);
      stream.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, part, info) => {
      if (name !== options.field) {
        part.resume();
        return;
      }
      if (writes.length >= options.maxFiles) {
        part.resume();
        fail(
          new AppError(
            'validation_error',
            `At most ${options.maxFiles} file(s) in "${options.field}".`,
            { details: { fields: [{ loc: ['body', options.field], msg: 'too many files' }] } },
          ),
        );
        return;
      }
      const index = writes.length;
      const file = path.join(options.dir, safeName(info.filename ?? '', index));
      let bytes = 0;
      part.on('data', (chunk: Buffer) => (bytes += chunk.length));
      const write = pipeline(
        part,
        byteLimit(options.maxFileBytes, 'A voice sample'),
        fs.createWriteStream(file),
        ...(options.signal ? [{ signal: options.signal }] : []),
      ).then(() => ({ path: file, filename: info.filename || path.basename(file), bytes }));
      write.catch(fail);
      writes.push(write);
    });
    parser.on('close', () => {
      if (settled) return;
      Promise.all(writes).then(
        (files) => {
          if (settled) return;
          const empty = files.find((f) => f.bytes === 0);
          if (empty) {
            fail(new AppError('validation_error', `${empty.filename} is empty.`));
            return;
          }
          settled = true;
          resolve({ fields, files });
        },
        (error: unknown) => fail(error),
      );
    });
    parser.on('error', (error) =>
      fail(
        new AppError('bad_request', 'The multipart/form-data body is malformed.', { cause: error }),
      ),
    );
    stream.on('error', fail);
    stream.pipe(parser);
  });
}
