/**
 * HTTP to the hosted service's /api/v1 (the same contract this engine serves). Every call has a
 * deadline, so a hosted service that hangs never holds anything up for long; a network failure,
 * a timeout or a 5xx is `hosted_unreachable` (try again later), anything else is handed back
 * for the caller to judge.
 */
import os from 'node:os';
import { AppError } from '../../../errors.ts';

export interface HostedAnswer {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
  headers: Headers;
}

export interface HostedRequest {
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  bearer?: string;
  signal?: AbortSignal;
  /** Longer deadlines for uploads. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** 5xx answers that are the hosted engine's decision, not an outage: handed back as answers. */
const DEFINITE_5XX: ReadonlySet<string> = new Set([
  'payment_provider_unavailable',
  'model_not_installed',
  'ffmpeg_unavailable',
]);

/** What the hosted service's device list shows for this machine: "Tapehouse 0 on Linux". */
export function studioUserAgent(version: string, platform = process.platform): string {
  const system =
    platform === 'darwin'
      ? 'Macintosh; Mac OS X'
      : platform === 'win32'
        ? 'Windows NT 10.0'
        : 'X11; Linux';
  return `Tapehouse/${version} (${system}) TapehouseSync/1 (${os.hostname().slice(0, 64)})`;
}

/** The `code` of an engine error body, if there is one. */
export function errorCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as Record<string, unknown>).code;
  return typeof code === 'string' ? code : null;
}

export function errorDetail(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const detail = (body as Record<string, unknown>).detail;
  return typeof detail === 'string' ? detail : '';
}

export class HostedHttp {
  constructor(
    readonly baseUrl: string,
    private readonly userAgent: string,
  ) {}

  /** `/auth/token` → `<hosted>/api/v1/auth/token`. */
  url(path: string): string {
    return `${this.baseUrl}/api/v1${path}`;
  }

  async send(method: string, path: string, request: HostedRequest = {}): Promise<HostedAnswer> {
    const headers: Record<string, string> = {
      'User-Agent': this.userAgent,
      Accept: 'application/json',
    };
    if (request.bearer) headers.Authorization = `Bearer ${request.bearer}`;
    let body: string | FormData | undefined;
    if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    } else if (request.body) {
      body = request.body;
    }
    const deadline = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    let res: Response;
    try {
      res = await fetch(this.url(path), { method, headers, body, signal, redirect: 'error' });
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw unreachable(this.baseUrl, error);
    }
    const text = await res.text().catch(() => '');
    const parsed = parseJson(text);
    if (res.status >= 500 && !DEFINITE_5XX.has(errorCode(parsed) ?? '')) {
      throw new AppError(
        'hosted_unreachable',
        `The hosted service at ${this.baseUrl} answered ${res.status}` +
          (errorDetail(parsed) ? `: ${errorDetail(parsed)}` : '.'),
        { details: { hosted_status: res.status, hosted_code: errorCode(parsed) } },
      );
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /**
   * A file the hosted service offers (a signed download URL). Only paths on the hosted service
   * itself are fetched: the URL's origin is replaced by the configured one, so an answer can
   * never send this machine elsewhere.
   */
  async download(url: string, signal?: AbortSignal): Promise<Response> {
    const parsed = new URL(url, this.baseUrl);
    const target = `${this.baseUrl}${parsed.pathname}${parsed.search}`;
    const deadline = AbortSignal.timeout(10 * 60_000);
    let res: Response;
    try {
      res = await fetch(target, {
        headers: { 'User-Agent': this.userAgent },
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
        redirect: 'error',
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw unreachable(this.baseUrl, error);
    }
    if (!res.ok || !res.body) {
      throw new AppError(
        'hosted_unreachable',
        `Downloading a result from the hosted service failed (${res.status}).`,
      );
    }
    return res;
  }
}

function unreachable(baseUrl: string, error: unknown): AppError {
  const cause =
    error instanceof Error ? (error.cause instanceof Error ? error.cause : error) : null;
  const why =
    error instanceof Error && error.name === 'TimeoutError'
      ? 'did not answer in time'
      : `could not be reached (${cause?.message ?? String(error)})`;
  return new AppError('hosted_unreachable', `The hosted service at ${baseUrl} ${why}.`, {
    cause: error,
  });
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
