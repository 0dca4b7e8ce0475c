/**
 * Reading POST /translation/translations (docs/api/speech-translation.md, "Creating a
 * translation"): a multipart body with the recording in `file`, or JSON / urlencoded fields with
 * `url`; `target_language` required, `source_language` optional. Every check the contract lists
 * answers 400 here, before the recording is probed, fetched or anything is charged: both or
 * neither of file and url, a missing target, an unknown language code, a file whose extension
 * is not audio or video, a url not starting with http:// or https://.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isMultipart } from '../../api/multipart.ts';
import { AppError } from '../../errors.ts';
import { storeMultipartUpload, type FileStore, type StoredFile } from '../platform/index.ts';
import { DUB_LANGUAGES, dubLanguage, languageName, type DubLanguage } from './dub-languages.ts';

/** Extensions of the audio and video files ffmpeg reads that the studio offers. */
export const MEDIA_EXTENSIONS = [
  '.mp3',
  '.wav',
  '.flac',
  '.ogg',
  '.opus',
  '.m4a',
  '.aac',
  '.aif',
  '.aiff',
  '.wma',
  '.mp4',
  '.m4v',
  '.mov',
  '.mkv',
  '.webm',
  '.avi',
  '.mpg',
  '.mpeg',
  '.ts',
  '.3gp',
] as const;

const FIELD_BYTES = 64 * 1024;

export interface TranslationRequest {
  stream: Readable | null;
  headers: Record<string, string | undefined>;
  signal: AbortSignal;
}

export interface ParsedRequest {
  upload: StoredFile | null;
  url: string | null;
  target: DubLanguage;
  source: DubLanguage | null;
}

export function invalid(field: string, message: string, reason?: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }], ...(reason && { reason }) },
  });
}

async function readSmallBody(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > FIELD_BYTES)
      throw new AppError(
        'payload_too_large',
        `A body without a file is limited to ${FIELD_BYTES} bytes.`,
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readFields(stream: Readable, contentType: string): Promise<Record<string, string>> {
  const text = await readSmallBody(stream);
  if (!contentType.startsWith('application/json'))
    return Object.fromEntries(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The JSON body is malformed.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new AppError('validation_error', 'The JSON body must be an object.');
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([k, v]) =>
      v === null || v === undefined ? [] : [[k, typeof v === 'string' ? v : String(v)]],
    ),
  );
}

function language(fields: Record<string, string>, field: string): DubLanguage | null {
  const raw = fields[field]?.trim() ?? '';
  if (raw === '') return null;
  const code = dubLanguage(raw);
  if (code === null)
    throw invalid(
      field,
      `${field} "${raw}" is not a language speech translation takes; use one of ${DUB_LANGUAGES.join(', ')}.`,
      'unsupported_language',
    );
  return code;
}

/** The fields checked; the file (when one came) is already stored and must be discarded on error. */
export function checkFields(
  fields: Record<string, string>,
  upload: StoredFile | null,
): Omit<ParsedRequest, 'upload'> {
  const url = fields.url?.trim() || null;
  if ((upload === null) === (url === null))
    throw invalid(
      upload === null ? 'file' : 'url',
      upload === null
        ? 'Send the recording as file, or its address as url.'
        : 'Send file or url, not both.',
      'file_or_url',
    );
  const target = language(fields, 'target_language');
  if (target === null) throw invalid('target_language', 'target_language is required.', 'missing');
  const source = language(fields, 'source_language');
  if (source === target)
    throw invalid(
      'source_language',
      `source_language and target_language are both ${languageName(target)}.`,
      'same_language',
    );
  if (url !== null && !/^https?:\/\//i.test(url))
    throw invalid('url', 'url must start with http:// or https://.', 'malformed_url');
  if (upload !== null) checkExtension(upload.filename, 'file');
  else if (url !== null) {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      throw invalid('url', `url "${url}" is not a valid address.`, 'malformed_url');
    }
    const ext = path.posix.extname(pathname).toLowerCase();
    if (ext !== '' && !(MEDIA_EXTENSIONS as readonly string[]).includes(ext))
      checkExtension(ext, 'url');
  }
  return { url, target, source };
}

export function checkExtension(filename: string, field: string): void {
  const ext = path.extname(filename).toLowerCase() || filename.toLowerCase();
  if (!(MEDIA_EXTENSIONS as readonly string[]).includes(ext))
    throw invalid(
      field,
      `${ext.startsWith('.') ? `"${ext}" files` : 'A file without an extension'} cannot be translated: send audio or video (${MEDIA_EXTENSIONS.join(', ')}).`,
      'bad_extension',
    );
}

/** Reads the request; the stored upload (if any) is discarded when a field is wrong. */
export async function readTranslationRequest(
  files: FileStore,
  ownerId: string,
  request: TranslationRequest,
): Promise<ParsedRequest> {
  const { stream, headers, signal } = request;
  if (!stream)
    throw invalid('file', 'Send the recording as file, or its address as url.', 'file_or_url');
  const contentType = (headers['content-type'] ?? '').toLowerCase();
  let fields: Record<string, string>;
  let upload: StoredFile | null = null;
  if (isMultipart(contentType)) {
    const read = await storeMultipartUpload(files, ownerId, stream, headers, {
      maxFileBytes: files.maxBytes,
      what: 'The recording',
      signal,
    });
    fields = read.fields;
    upload = read.file;
  } else fields = await readFields(stream, contentType);
  try {
    return { ...checkFields(fields, upload), upload };
  } catch (error) {
    if (upload !== null) files.discard(ownerId, upload.file_key);
    throw error;
  }
}
