/**
 * THE fetcher for every URL the engine reads on a caller's behalf (docs/api/fetching.md): each
 * URL and each redirect judged by fetch-policy.ts and connected to the judged address (DNS
 * pinned), at most 5 redirects, one deadline for the whole transfer (headers and body), a byte
 * cap enforced on the announced length and again on the bytes as they stream, and a content-type
 * check before any byte is kept. Media extraction runs yt-dlp through the same rules
 * (fetch-proxy.ts), so nothing reaches the network around them.
 *
 * A URL this engine signed itself (`/api/v1/downloads/...` on a loopback name, signature valid)
 * is read from the file store instead of over HTTP: that is how a downloaded video is handed
 * straight to stems, MIDI or noise reduction, with no loopback opt-in needed.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import fs from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { EngineConfig } from '../../../config.ts';
import { AppError, CancelledError } from '../../../errors.ts';
import type { UrlSigner } from '../downloads/url-signer.ts';
import type { WebhookLookup } from './address-guard.ts';
import { contentTypeProblem, mediaType, type ContentKind } from './content-types.ts';
import {
  fetchPolicy,
  judgeFetchUrl,
  refusalError,
  RefusedUrl,
  type FetchPolicy,
  type JudgedUrl,
} from './fetch-policy.ts';

export const MAX_REDIRECTS = 5;
const USER_AGENT = 'Mozilla/5.0 (compatible; Tapehouse-Engine/1)';

export interface FetchOptions {
  signal: AbortSignal;
  /** What the body must be (content-types.ts). */
  accept: ContentKind;
  /** Overrides the configured limits for this fetch (never above them). */
  maxBytes?: number;
  timeoutMs?: number;
  /** The request field the URL came from, for error messages (`url`, `source_urls[0]`). */
  field?: string;
}

export interface OpenedFetch {
  /** Where the body finally came from (after redirects). */
  url: URL;
  contentType: string;
  /** Announced length, when the server sent one. */
  length: number | null;
  /** Content-Disposition, for a download name. */
  disposition: string | null;
  /** The body, metered: it fails with 413 past the byte cap and 400 past the deadline. */
  body: Readable;
}

function fetchError(field: string, reason: string, why: string, extra = {}): AppError {
  return new AppError('validation_error', `${field} could not be fetched: ${why}.`, {
    details: { fields: [{ loc: ['body', field], msg: why }], reason, ...extra },
  });
}

function tooLarge(field: string, max: number): AppError {
  return new AppError('payload_too_large', `${field}: the source is larger than ${max} bytes.`, {
    details: { max_bytes: max, reason: 'too_large' },
  });
}

function pinned(target: JudgedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function request(
  target: JudgedUrl,
  accept: ContentKind,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = target.url.protocol === 'https:';
    const host = target.url.hostname.replace(/^\[|\]$/g, '');
    const req = (secure ? https : http).request(
      {
        method: 'GET',
        protocol: target.url.protocol,
        hostname: host,
        port: target.url.port === '' ? (secure ? 443 : 80) : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          'User-Agent': USER_AGENT,
          Accept:
            accept === 'html' ? 'text/html, application/xhtml+xml;q=0.9' : 'audio/*, video/*, */*',
          'Accept-Encoding': 'identity',
        },
        lookup: pinned(target),
        agent: false,
        signal,
        ...(secure && !net.isIP(host) ? { servername: host } : {}),
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** Counts bytes on their way through and fails the stream past `max`. */
class ByteCap extends Transform {
  bytes = 0;
  constructor(
    private readonly max: number,
    private readonly field: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) return done(tooLarge(this.field, this.max));
    done(null, chunk);
  }
}

export class Fetcher {
  constructor(
    readonly policy: FetchPolicy,
    readonly limits: { timeoutMs: number; maxBytes: number },
    private readonly urls: UrlSigner | null = null,
  ) {}

  static fromConfig(
    config: Pick<
      EngineConfig,
      'profile' | 'fetchAllowLoopback' | 'fetchTimeoutSeconds' | 'fetchMaxBytes'
    >,
    options: { lookup?: WebhookLookup; urls?: UrlSigner | null } = {},
  ): Fetcher {
    return new Fetcher(
      fetchPolicy(config, options.lookup),
      { timeoutMs: config.fetchTimeoutSeconds * 1000, maxBytes: config.fetchMaxBytes },
      options.urls ?? null,
    );
  }

  /** Judges a URL without fetching it (a 400 saying why when refused). */
  async judge(raw: string, field = 'url'): Promise<JudgedUrl> {
    try {
      return await judgeFetchUrl(raw, this.policy);
    } catch (error) {
      if (error instanceof RefusedUrl) throw refusalError(error, field);
      throw error;
    }
  }

  /** Opens the URL: redirects followed and re-judged, status and content type checked. */
  async open(raw: string, options: FetchOptions): Promise<OpenedFetch> {
    const field = options.field ?? 'url';
    const maxBytes = Math.min(options.maxBytes ?? Infinity, this.limits.maxBytes);
    const timeoutMs = Math.min(options.timeoutMs ?? Infinity, this.limits.timeoutMs);
    const own = this.ownSignedFile(raw);
    if (own) return this.openOwn(own, options.accept, field, maxBytes);
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([options.signal, deadline]);
    const timedOut = (): AppError =>
      fetchError(field, 'timeout', `no complete answer within ${timeoutMs / 1000} s`);
    let current = raw;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const target = await this.judge(current, field);
      let response: http.IncomingMessage;
      try {
        response = await request(target, options.accept, signal);
      } catch (error) {
        if (options.signal.aborted) throw new CancelledError();
        if (deadline.aborted) throw timedOut();
        throw fetchError(field, 'network', (error as Error).message);
      }
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        current = new URL(response.headers.location, target.url).toString();
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw fetchError(field, 'http_status', `the server answered ${status}`, { status });
      }
      const type = mediaType(response.headers['content-type']);
      const problem = contentTypeProblem(options.accept, type);
      if (problem) {
        response.destroy();
        throw new AppError('unsupported_media', `${field} is not accepted: ${problem}.`, {
          details: { fields: [{ loc: ['body', field], msg: problem }], reason: 'content_type' },
        });
      }
      const announced = Number(response.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(announced) && announced > maxBytes) {
        response.destroy();
        throw tooLarge(field, maxBytes);
      }
      const cap = new ByteCap(maxBytes, field);
      // The deadline covers the body too: a server that trickles is cut off, not waited for.
      const onDeadline = (): void => {
        cap.destroy(options.signal.aborted ? new CancelledError() : timedOut());
      };
      signal.addEventListener('abort', onDeadline, { once: true });
      response.on('error', (error) => cap.destroy(error));
      cap.on('close', () => signal.removeEventListener('abort', onDeadline));
      response.pipe(cap);
      return {
        url: target.url,
        contentType: type,
        length: Number.isFinite(announced) ? announced : null,
        disposition: response.headers['content-disposition'] ?? null,
        body: cap,
      };
    }
    throw fetchError(field, 'redirects', `more than ${MAX_REDIRECTS} redirects`);
  }

  /** A small text body (an article page): the whole text, decoded as UTF-8 unless told else. */
  async text(
    raw: string,
    options: FetchOptions,
  ): Promise<{ url: URL; contentType: string; text: string }> {
    const opened = await this.open(raw, options);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    return { url: opened.url, contentType: opened.contentType, text: decodeText(bytes) };
  }

  /** This engine's own signed download URL, verified; null for any other URL. */
  private ownSignedFile(raw: string): { path: string; contentType: string; url: URL } | null {
    if (!this.urls) return null;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    if (!['127.0.0.1', 'localhost', '::1'].includes(host)) return null;
    const match = /^\/api\/v1\/downloads\/([^/]+)$/.exec(url.pathname);
    const expires = Number(url.searchParams.get('expires'));
    const signature = url.searchParams.get('signature');
    if (!match?.[1] || !Number.isInteger(expires) || !signature) return null;
    try {
      const file = this.urls.verify(match[1], expires, signature);
      return { path: file.path, contentType: file.contentType, url };
    } catch (error) {
      // Expired or gone: say so rather than fetching over loopback.
      if (error instanceof AppError && error.code === 'gone') throw error;
      return null;
    }
  }

  private openOwn(
    own: { path: string; contentType: string; url: URL },
    accept: ContentKind,
    field: string,
    maxBytes: number,
  ): OpenedFetch {
    const type = mediaType(own.contentType);
    const problem = contentTypeProblem(accept, type);
    if (problem) throw new AppError('unsupported_media', `${field} is not accepted: ${problem}.`);
    const size = fs.statSync(own.path).size;
    if (size > maxBytes) throw tooLarge(field, maxBytes);
    return {
      url: own.url,
      contentType: type,
      length: size,
      disposition: null,
      body: fs.createReadStream(own.path),
    };
  }
}

/** UTF-8 unless the bytes announce another charset in a meta tag that TextDecoder knows. */
export function decodeText(bytes: Buffer): string {
  const head = bytes.subarray(0, 2048).toString('latin1');
  const charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown label: fall back to UTF-8.
    }
  }
  return bytes.toString('utf8');
}
