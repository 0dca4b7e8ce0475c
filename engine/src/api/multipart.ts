/**
 * multipart/form-data, parsed in this one place (busboy) for every route: a fields-only body
 * parser for routes whose contract says "JSON or form" (`bodyKind: 'fields'`), and streaming
 * readers for upload routes that hand file parts to a sink (the file store, a folder) while they
 * arrive, so a large upload is never buffered in memory.
 *
 * Whatever the client sends — a body that ends before its closing boundary, a broken part
 * header, a connection dropped midway — the reader settles with an AppError (400 `bad_request`
 * with `details.reason`, 413 over a limit) and never leaves a stream error unhandled: every part
 * stream gets an error listener the moment busboy hands it over, and a failed request waits for
 * the parts already handed to the sink to settle, then gives each stored one back, so a caller
 * never keeps half an upload (docs/api/errors.md, "Uploads").
 */
import { Transform, type Readable } from 'node:stream';
import busboy from 'busboy';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../errors.ts';

/** Text fields: at most 50 of them, each at most 1 MiB (an alignment text of 200,000 characters). */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;
/** Parts of any kind; file parts of other names are drained but still counted. */
const MAX_PARTS = 80;

export function isMultipart(contentType: string | undefined): boolean {
  return (contentType ?? '').toLowerCase().startsWith('multipart/form-data');
}

/** Why a multipart body could not be read (`details.reason` of the 400). */
export type MalformedReason = 'no_boundary' | 'truncated' | 'bad_part_header' | 'aborted';

function malformed(reason: MalformedReason, cause?: unknown): AppError {
  const detail: Record<MalformedReason, string> = {
    no_boundary: 'The multipart/form-data body has no usable boundary in its Content-Type.',
    truncated: 'The multipart/form-data body ends before its closing boundary.',
    bad_part_header: 'A part of the multipart/form-data body has a malformed header.',
    aborted: 'The upload was aborted before the whole body arrived.',
  };
  return new AppError('bad_request', detail[reason], { details: { reason }, cause });
}

/** busboy's own errors, by message (it has no codes): a truncated body or a broken header. */
function fromParser(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/header/i.test(message)) return malformed('bad_part_header', error);
  return malformed('truncated', error);
}

function tooMany(what: string, max: number): AppError {
  return new AppError('payload_too_large', `A multipart body may have at most ${max} ${what}.`, {
    details: { reason: `too_many_${what}`, max },
  });
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

export interface MultipartOptions<T> {
  /** The file field(s) handed to `onFile`; file parts of other names are drained. Null: none. */
  fileField: string | readonly string[] | null;
  /** Parts of `fileField` taken (all names together); one more is 400 `validation_error`. */
  maxFiles: number;
  /** Each taken part is cut off at this many bytes with 413 naming `what`. */
  maxFileBytes: number;
  what: string;
  onFile?: (part: Readable, info: FilePartInfo) => Promise<T>;
  /** Called for every stored part when the request fails after it was stored. */
  onDiscard?: (value: T) => void;
  maxFieldBytes?: number;
}

export interface MultipartResult<T> {
  fields: Record<string, string>;
  /** What `onFile` returned for every `fileField` part, in the order they arrived. */
  files: T[];
}

/**
 * Reads one multipart body from `stream`. Resolves once the body has ended and every part handed
 * to `onFile` has been stored; rejects with an AppError after every such part has settled (the
 * stored ones given to `onDiscard`).
 */
export function readMultipart<T>(
  stream: Readable,
  contentType: string | undefined,
  options: MultipartOptions<T>,
): Promise<MultipartResult<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType ?? '' },
        limits: {
          fields: MAX_FIELDS,
          fieldSize: options.maxFieldBytes ?? MAX_FIELD_BYTES,
          parts: MAX_PARTS,
        },
      });
    } catch (error) {
      stream.resume();
      reject(malformed('no_boundary', error));
      return;
    }
    const fields: Record<string, string> = {};
    const pending: Promise<T>[] = [];
    const open = new Set<Readable>();
    const taken = new Set(options.fileField === null ? [] : [options.fileField].flat());
    let settled = false;

    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      stream.unpipe(parser);
      // Discard the rest of the body so the error response can be read by the client.
      stream.resume();
      for (const part of open) part.destroy(error instanceof Error ? error : undefined);
      parser.destroy();
      void Promise.allSettled(pending).then((results) => {
        for (const r of results) if (r.status === 'fulfilled') options.onDiscard?.(r.value);
        reject(error);
      });
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) {
        fail(
          new AppError(
            'payload_too_large',
            `The field "${name}" is limited to ${options.maxFieldBytes ?? MAX_FIELD_BYTES} bytes.`,
            {
              details: {
                reason: 'field_too_large',
                field: name,
                max_bytes: options.maxFieldBytes ?? MAX_FIELD_BYTES,
              },
            },
          ),
        );
        return;
      }
      fields[name] = value;
    });
    parser.on('file', (name, part, info) => {
      // First: a part stream busboy destroys (a truncated body) must never throw unheard.
      part.on('error', () => {});
      open.add(part);
      part.on('close', () => open.delete(part));
      const take = !settled && taken.has(name) && options.onFile !== undefined;
      if (!take) {
        part.resume();
        return;
      }
      if (pending.length >= options.maxFiles) {
        part.resume();
        fail(
          new AppError(
            'validation_error',
            `At most ${options.maxFiles} file${options.maxFiles === 1 ? '' : 's'} per request in "${name}".`,
            {
              details: {
                fields: [{ loc: ['body', name], msg: 'too many files' }],
                max_files: options.maxFiles,
              },
            },
          ),
        );
        return;
      }
      const limited = byteLimit(options.maxFileBytes, options.what);
      // Part errors (truncation) reach the sink through the limiter, as a 400.
      part.on('error', (error) => limited.destroy(fromParser(error)));
      part.pipe(limited);
      const stored = options.onFile!(limited, {
        field: name,
        filename: info.filename ?? '',
        mimeType: info.mimeType ?? 'application/octet-stream',
      });
      pending.push(stored);
      stored.catch(fail);
    });
    parser.on('fieldsLimit', () => fail(tooMany('fields', MAX_FIELDS)));
    parser.on('partsLimit', () => fail(tooMany('parts', MAX_PARTS)));
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
    parser.on('error', (error) => fail(fromParser(error)));
    stream.on('error', (error) => fail(malformed('aborted', error)));
    // A connection dropped midway closes the request without ending it.
    stream.on('close', () => {
      if (!stream.readableEnded) fail(malformed('aborted'));
    });
    stream.pipe(parser);
  });
}

/** Express middleware: fills req.body with the text fields of a multipart body. */
export function multipartFields(req: Request, _res: Response, next: NextFunction): void {
  if (!isMultipart(req.headers['content-type'])) {
    next();
    return;
  }
  readMultipart<never>(req, req.headers['content-type'], {
    fileField: null,
    maxFiles: 0,
    maxFileBytes: 0,
    what: 'A file',
  }).then(
    ({ fields }) => {
      req.body = fields;
      next();
    },
    (error: unknown) => next(error),
  );
}

export interface MultipartUpload<T> {
  fields: Record<string, string>;
  /** What `onFile` returned for the `fileField` part, or null when there was none. */
  file: T | null;
}

/**
 * Reads a multipart upload with one file part: the part named `fileField` goes to `onFile` (at
 * most `maxFileBytes`, else 413; a second one is 400); other file parts are drained; text fields
 * are collected, also those sent after the file.
 */
export async function readMultipartUpload<T>(
  stream: Readable,
  headers: Record<string, string | undefined>,
  options: {
    fileField: string;
    maxFileBytes: number;
    what: string;
    onFile: (part: Readable, info: FilePartInfo) => Promise<T>;
    onDiscard?: (value: T) => void;
    maxFieldBytes?: number;
  },
): Promise<MultipartUpload<T>> {
  const { fields, files } = await readMultipart(stream, headers['content-type'], {
    ...options,
    maxFiles: 1,
  });
  return { fields, file: files[0] ?? null };
}

export type MultipartFiles<T> = MultipartResult<T>;

/**
 * A file field sent several times (`files` repeated): every part named `fileField` goes to
 * `onFile` in turn, at most `maxFiles` of them (one more is 400), each limited to `maxFileBytes`
 * (413). When anything fails, `onDiscard` is called for every file already handed over.
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
  return readMultipart(stream, headers['content-type'], options);
}
