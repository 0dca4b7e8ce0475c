/**
 * Typed client for the engine's /api/v1 routes. It adds the studio token, turns every non-2xx
 * answer into an ApiError carrying the engine's `{detail, code}`, and knows nothing about React,
 * so unit tests drive it with a fake fetch.
 */
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';
import {
  checked,
  fetchOrDefault,
  queryString,
  readJson,
  request,
  type FetchLike,
} from './request.ts';
import type { Health, Job, JobListQuery, JobPage, UploadedFile } from './types.ts';

export type { FetchLike } from './request.ts';

export interface ApiClientOptions {
  /** Engine origin, e.g. `http://127.0.0.1:7341`; '' means the page's own origin (web studio). */
  baseUrl: string;
  /** Resolves the studio token; called for every authenticated request (callers cache it). */
  getToken: () => Promise<string>;
  fetch?: FetchLike;
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (file uploads). */
  body?: Blob | ArrayBuffer | Uint8Array;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for the few routes that need no token (health). */
  auth?: boolean;
}

export class ApiClient {
  private readonly baseUrl: string;
  private readonly getToken: () => Promise<string>;
  private readonly fetchImpl: FetchLike;

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.getToken = options.getToken;
    this.fetchImpl = fetchOrDefault(options.fetch);
  }

  health(signal?: AbortSignal): Promise<Health> {
    return this.json<Health>('/api/v1/health', { auth: false, signal });
  }

  listJobs(query: JobListQuery = {}, signal?: AbortSignal): Promise<JobPage> {
    return this.json<JobPage>(`/api/v1/jobs${queryString({ ...query })}`, { signal });
  }

  getJob(id: number, signal?: AbortSignal): Promise<Job> {
    return this.json<Job>(`/api/v1/jobs/${id}`, { signal });
  }

  cancelJob(id: number): Promise<Job> {
    return this.json<Job>(`/api/v1/jobs/${id}/cancel`, { method: 'POST' });
  }

  /** Stores a file in the engine's content-addressed store; the body is the raw bytes. */
  uploadFile(file: Blob, filename: string, signal?: AbortSignal): Promise<UploadedFile> {
    return this.json<UploadedFile>('/api/v1/files', {
      method: 'POST',
      body: file,
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-Filename': headerSafeFilename(filename),
      },
      signal,
    });
  }

  /** Starts an `audio_analysis` job (loudness, levels, waveform) on an uploaded file. */
  startAnalysis(fileKey: string): Promise<Job> {
    return this.json<Job>('/api/v1/analysis', { method: 'POST', json: { file_key: fileKey } });
  }

  /**
   * Opens GET /api/v1/jobs/events and returns its body stream. EventSource cannot send an
   * Authorization header, so the stream is read with fetch and parsed by ./sse.ts.
   */
  async openJobEvents(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const response = await this.send('/api/v1/jobs/events', {
      headers: { Accept: 'text/event-stream' },
      signal,
    });
    if (!response.body) {
      throw new ApiError(
        response.status,
        CLIENT_ERROR_CODES.badResponse,
        'event stream has no body',
      );
    }
    return response.body;
  }

  private async json<T>(path: string, options: RequestOptions): Promise<T> {
    const response = await this.send(path, options);
    return readJson<T>(response, `${options.method ?? 'GET'} ${path}`);
  }

  private async send(path: string, options: RequestOptions): Promise<Response> {
    const token = options.auth !== false ? await this.getToken() : undefined;
    return checked(
      await request(this.fetchImpl, this.baseUrl + path, {
        method: options.method,
        token,
        headers: options.headers,
        json: options.json,
        body: options.body as RequestInit['body'],
        signal: options.signal,
      }),
    );
  }
}

/**
 * HTTP header values must be Latin-1, so fetch() throws on names like "Kapitel – Ü.wav".
 * Plain printable ASCII goes as is; anything else is percent-encoded (RFC 8187 style value
 * without the charset prefix), which the engine decodes with decodeURIComponent.
 */
export function headerSafeFilename(filename: string): string {
  return /^[\x20-\x7e]*$/.test(filename) && !filename.includes('%')
    ? filename
    : encodeURIComponent(filename);
}
