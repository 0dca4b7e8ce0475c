/**
 * Typed client for the engine's /api/v1 routes. It adds the studio token, turns every non-2xx
 * answer into an ApiError carrying the engine's `{detail, code}`, and knows nothing about React,
 * so unit tests drive it with a fake fetch.
 */
import { contractApi, type ContractApi } from './contract.ts';
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';
import type { FetchLike } from './request.ts';
import { tokenTransport } from './transports.ts';
import type { Health, Job, JobListQuery, JobPage, UploadedFile } from './types.ts';

export type { FetchLike } from './request.ts';

export interface ApiClientOptions {
  /** Engine origin, e.g. `http://127.0.0.1:7341`; '' means the page's own origin (web studio). */
  baseUrl: string;
  /** Resolves the studio token; called for every authenticated request (callers cache it). */
  getToken: () => Promise<string>;
  fetch?: FetchLike;
}

export class ApiClient {
  /** The studio token on every call. */
  private readonly api: ContractApi;
  /**
   * The routes that need no credential (health): the token goes along when there is one, so
   * the owner sees what only the owner may (health's paths), and none when not signed in.
   */
  private readonly open: ContractApi;

  constructor(options: ApiClientOptions) {
    const { baseUrl, getToken, fetch } = options;
    this.api = contractApi(tokenTransport({ baseUrl, getToken, fetch }));
    const tokenIfAny = (): Promise<string | undefined> => getToken().catch(() => undefined);
    this.open = contractApi(tokenTransport({ baseUrl, fetch, getToken: tokenIfAny }));
  }

  health(signal?: AbortSignal): Promise<Health> {
    return this.open.get('/health', { signal });
  }

  listJobs(query: JobListQuery = {}, signal?: AbortSignal): Promise<JobPage> {
    return this.api.get('/jobs', { query, signal });
  }

  getJob(id: number, signal?: AbortSignal): Promise<Job> {
    return this.api.get('/jobs/{job_id}', { params: { job_id: id }, signal });
  }

  cancelJob(id: number): Promise<Job> {
    return this.api.post('/jobs/{job_id}/cancel', { params: { job_id: id } });
  }

  /** Stores a file in the engine's content-addressed store; the body is the raw bytes. */
  uploadFile(file: Blob, filename: string, signal?: AbortSignal): Promise<UploadedFile> {
    return this.api.post('/files', {
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
    return this.api.post('/analysis', { json: { file_key: fileKey } });
  }

  /**
   * Opens GET /api/v1/jobs/events and returns its body stream. EventSource cannot send an
   * Authorization header, so the stream is read with fetch and parsed by ./sse.ts.
   */
  async openJobEvents(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const response = await this.api.send('get', '/jobs/events', {
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
