/**
 * A `url` input stored as a file (POST /midi/convert, /denoiser/denoise, stem extraction,
 * transcription `source_urls`): THE fetcher (guarded-fetch.ts) streams it into the caller's
 * files, as an upload would be. Public addresses only, DNS pinned, redirects re-judged, the
 * configured size and time limits, and audio or video content types only; loopback only with
 * the owner's `TAPEHOUSE_FETCH_ALLOW_LOOPBACK` (docs/api/fetching.md).
 */
import path from 'node:path';
import type { EngineConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { UrlSigner } from '../downloads/url-signer.ts';
import type { FileStore } from '../files/file-store.ts';
import { sanitizeFilename, type StoredFile } from '../files/file-store.ts';
import { systemLookup, type WebhookLookup } from './address-guard.ts';
import { judgeFetchUrl, refusalError, RefusedUrl, type JudgedUrl } from './fetch-policy.ts';
import { Fetcher, type OpenedFetch } from './guarded-fetch.ts';

export type { JudgedUrl };

/** Judges a URL input by the fetch policy alone (no connection), as a validation error. */
export async function judgeUrl(
  raw: string,
  options: { loopback: 'any' | number[] | null; lookup?: WebhookLookup },
): Promise<JudgedUrl> {
  try {
    return await judgeFetchUrl(raw, {
      loopback: options.loopback,
      lookup: options.lookup ?? systemLookup,
    });
  } catch (error) {
    if (error instanceof RefusedUrl) throw refusalError(error);
    throw error;
  }
}

/** The download name: Content-Disposition's, else the URL's last path segment. */
export function filenameFrom(opened: Pick<OpenedFetch, 'url' | 'disposition'>): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(opened.disposition ?? '');
  const decode = (value: string): string => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value; // a stray % is kept as written
    }
  };
  const fromHeader = match?.[1] ? decode(match[1]) : '';
  const fromPath = path.posix.basename(decode(opened.url.pathname));
  return sanitizeFilename(fromHeader || fromPath || 'remote-audio');
}

/**
 * Downloads the URL into the caller's files; 400 when refused or the server does not deliver,
 * 413 past the size limit. `field` names the request field in messages (`source_urls[1]`).
 */
export async function fetchUrlInput(
  deps: { config: EngineConfig; files: FileStore; urls?: UrlSigner },
  ownerId: string,
  raw: string,
  signal: AbortSignal,
  lookup?: WebhookLookup,
  field = 'url',
): Promise<StoredFile> {
  const fetcher = Fetcher.fromConfig(deps.config, {
    ...(lookup && { lookup }),
    urls: deps.urls ?? null,
  });
  const opened = await fetcher.open(raw, {
    signal,
    accept: 'media',
    maxBytes: deps.files.maxBytes,
    field,
  });
  try {
    return await deps.files.save(
      ownerId,
      opened.body,
      {
        contentType: opened.contentType || 'application/octet-stream',
        filename: filenameFrom(opened),
      },
      signal,
    );
  } catch (error) {
    opened.body.destroy();
    if (error instanceof AppError) throw error;
    throw new AppError('validation_error', `${field} could not be fetched: ${String(error)}.`, {
      details: { fields: [{ loc: ['body', field], msg: 'transfer failed' }], reason: 'network' },
    });
  }
}
