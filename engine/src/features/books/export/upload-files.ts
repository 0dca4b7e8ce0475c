/**
 * Several audio files from one multipart body (field `files`, repeated) into a temporary folder
 * of the data dir, for "check my files" and "master my files". Streams each part to disk with a
 * size limit; text fields are collected. The caller removes the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { byteLimit, isMultipart } from '../../../api/multipart.ts';
import { AppError } from '../../../errors.ts';
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
): Promise<{ files: UploadedAudio[]; fields: Record<string, string> }> {
  if (!stream || !isMultipart(headers['content-type']))
    throw new AppError(
      'unsupported_media_type',
      'Send the audio as multipart/form-data, one "files" part per file.',
    );
  fs.mkdirSync(dir, { recursive: true });
  const files: UploadedAudio[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': headers['content-type'] ?? '' },
        limits: { files: MAX_CHECK_FILES, fields: 20, fieldSize: 4096 },
      });
    } catch (error) {
      reject(
        new AppError('bad_request', 'The multipart/form-data body is malformed.', { cause: error }),
      );
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('filesLimit', () =>
      reject(new AppError('validation_error', `At most ${MAX_CHECK_FILES} files per request.`)),
    );
    parser.on('file', (name, part, info) => {
      if (name !== 'files' && name !== 'file') {
        part.resume();
        return;
      }
      const filename = safeName(path.basename(info.filename || `file-${files.length + 1}`));
      const target = path.join(dir, `${files.length + 1}-${filename}`);
      const entry = { filename: info.filename || filename, path: target, bytes: 0 };
      files.push(entry);
      const limited = part.pipe(byteLimit(MAX_CHECK_FILE_BYTES, 'An audio file'));
      part.on('error', (error) => limited.destroy(error));
      limited.on('data', (chunk: Buffer) => {
        entry.bytes += chunk.length;
      });
      writes.push(pipeline(limited, fs.createWriteStream(target)));
    });
    parser.on('close', () => resolve());
    parser.on('error', (error) =>
      reject(
        new AppError('bad_request', 'The multipart/form-data body is malformed.', { cause: error }),
      ),
    );
    stream.on('error', reject);
    stream.pipe(parser);
  });
  await Promise.all(writes);
  if (files.length === 0)
    throw new AppError(
      'validation_error',
      'No audio: send one or more files in the "files" field.',
      {
        details: { fields: [{ loc: ['body', 'files'], msg: 'required' }] },
      },
    );
  return { files, fields };
}
