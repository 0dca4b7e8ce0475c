/**
 * multipart/form-data with busboy: a fields-only body parser for routes whose contract says
 * "JSON or form" (`bodyKind: 'fields'`), and a streaming reader for upload routes that hands the
 * one file part to a sink (the file store) while it arrives, so a large manuscript is never
 * buffered in memory. A part over its size limit fails with 413 as soon as the limit is passed.
 */
import { Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors.ts';

const FIELD_LIMITS = { fields: 50, fieldSize: 64 * 1024, parts: 60 };

export function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('multipart/form-data');
}

function malformed(error: unknown): AppError {
  return new AppError('bad_request', 'The multipart/form-data body is malformed.', {
    cause: error,
  });
}

/** Express middleware: fills req.body with the text fields of a multipart body. */
export function multipartFields(req: Request, _res: Response, next: NextFunction): void {
  if (!isMultipart(req.headers['content-type'])) {
    next();
    return;
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, files: 5 } });
  } catch (error) {
    next(malformed(error));
    return;
  }
  const fields: Record<string, string> = {};
  let done = false;
  const finish = (error?: unknown): void => {
    if (done) return;
    done = true;
    if (error) {
      req.unpipe(parser);
      req.resume();
      next(error);
      return;
    }
    req.body = fields;
    next();
  };
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  // This kind of route takes no files: drain them so the rest of the body is read.
  parser.on('file', (_name, stream) => stream.resume());
  parser.on('close', () => finish());
  parser.on('error', (error) => finish(malformed(error)));
  req.pipe(parser);
}

/** Passes bytes through and fails with 413 once more than `max` have gone by. */
export function byteLimit(max: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max) {
        callback(
          new AppError('payload_too_large', `${what} is limited to ${max} bytes.`, {
            details: { max_bytes: max },
          }),
        );
        return;
      }
      callback(null, chunk);
    },
  });
}

export interface FilePartInfo {
  field: string;
  filename: string;
  mimeType: string;
}

export interface MultipartUpload<T> {
  fields: Record<string, string>;
  /** What `onFile` returned for the `fileField` part, or null when there was none. */
  file: T | null;
}

/**
 * Reads a multipart upload from a raw request stream. The part named `fileField` goes to
 * `onFile` (at most `maxFileBytes`, else 413); other file parts are drained; text fields are
 * collected. Fields sent after the file are included.
 */
export function readMultipartUpload<T>(
  stream: Readable,
  headers: Record<string, string | undefined>,
  options: {
    fileField: string;
    maxFileBytes: number;
    what: string;
    onFile: (part: Readable, info: FilePartInfo) => Promise<T>;
  },
): Promise<MultipartUpload<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': headers['content-type'] ?? '' },
        limits: { ...FIELD_LIMITS, files: 5 },
      });
    } catch (error) {
      reject(malformed(error));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<T> | null = null;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      stream.unpipe(parser);
      // Discard the rest of the body so the error response can be read by the client.
      stream.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, part, info) => {
      if (name !== options.fileField || file !== null) {
        part.resume();
        return;
      }
      const limited = part.pipe(byteLimit(options.maxFileBytes, options.what));
      part.on('error', (error) => limited.destroy(error));
      file = options.onFile(limited, {
        field: name,
        filename: info.filename ?? '',
        mimeType: info.mimeType ?? 'application/octet-stream',
      });
      file.catch(fail);
    });
    parser.on('close', () => {
      if (settled) return;
      const pending = file;
      if (pending === null) {
        settled = true;
        resolve({ fields, file: null });
        return;
      }
      pending.then(
        (value) => {
          if (settled) return;
          settled = true;
          resolve({ fields, file: value });
        },
        (error: unknown) => fail(error),
      );
    });
    parser.on('error', (error) => fail(malformed(error)));
    stream.on('error', (error) => fail(malformed(error)));
    stream.pipe(parser);
  });
}

export interface MultipartFiles<T> {
  fields: Record<string, string>;
  /** What `onFile` returned for every `fileField` part, in the order they arrived. */
  files: T[];
}

/**
 * Like readMultipartUpload, for a file field sent several times (`files` repeated): every part
 * named `fileField` goes to `onFile` in turn, at most `maxFiles` of them (one more is 400), each
 * limited to `maxFileBytes` (413). Parts of other names are drained. When anything fails,
 * `onDiscard` is called for every file already handed over, so a caller never keeps half an
 * upload.
 */
export function readMultipartFiles<T>(
  stream: Readable,
  headers: Record<string, string | undefined>,
  options: {
    fileField: string;
    maxFiles: number;
    maxFileBytes: number;
    what: string;
    onFile: (part: Readable, info: FilePartInfo) => Promise<T>;
    onDiscard: (value: T) => void;
  },
): Promise<MultipartFiles<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': headers['content-type'] ?? '' },
        limits: { ...FIELD_LIMITS, files: options.maxFiles + 1 },
      });
    } catch (error) {
      reject(malformed(error));
      return;
    }
    const fields: Record<string, string> = {};
    const pending: Promise<T>[] = [];
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      stream.unpipe(parser);
      stream.resume();
      // Whatever was stored already is given back, once every part has finished writing.
      void Promise.allSettled(pending).then((results) => {
        for (const r of results) if (r.status === 'fulfilled') options.onDiscard(r.value);
      });
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, part, info) => {
      if (settled || name !== options.fileField) {
        part.resume();
        return;
      }
      if (pending.length >= options.maxFiles) {
        part.resume();
        fail(
          new AppError('validation_error', `At most ${options.maxFiles} files per request.`, {
            details: {
              fields: [{ loc: ['body', options.fileField], msg: 'too many files' }],
              max_files: options.maxFiles,
            },
          }),
        );
        return;
      }
      const limited = part.pipe(byteLimit(options.maxFileBytes, options.what));
      part.on('error', (error) => limited.destroy(error));
      const stored = options.onFile(limited, {
        field: name,
        filename: info.filename ?? '',
        mimeType: info.mimeType ?? 'application/octet-stream',
      });
      pending.push(stored);
      stored.catch(fail);
    });
    parser.on('close', () => {
      if (settled) return;
      Promise.all(pending).then(
        (files) => {
          if (settled) return;
          settled = true;
          resolve({ fields, files });
        },
        (error: unknown) => fail(error),
      );
    });
    parser.on('error', (error) => fail(malformed(error)));
    stream.on('error', (error) => fail(malformed(error)));
    stream.pipe(parser);
  });
}
