/**
 * Typed calls for the Noise reduction page. The page acts as the machine's owner with the
 * studio token (like the Jobs and Stems pages): the engine is local and the models run here.
 */
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { fetchOrDefault, requestJson, type FetchLike } from '../../api/request.ts';
import type { DenoiseJob, QualityMode } from './denoise-types.ts';

export class DenoiseClient {
  private readonly fetchImpl: FetchLike;

  constructor(fetchImpl?: FetchLike) {
    this.fetchImpl = fetchOrDefault(fetchImpl);
  }

  private async call<T>(
    path: string,
    init: { method?: string; body?: FormData; signal?: AbortSignal } = {},
  ): Promise<T> {
    const token = await studioToken();
    const url = `${await engineBaseUrl()}/api/v1${path}`;
    const spec = { method: init.method, token, body: init.body, signal: init.signal };
    return requestJson<T>(this.fetchImpl, url, spec, `${init.method ?? 'GET'} ${path}`);
  }

  /** Uploads the recording and starts the job (multipart: file, quality_mode). */
  start(file: File, mode: QualityMode): Promise<DenoiseJob> {
    const form = new FormData();
    form.set('quality_mode', mode);
    form.set('file', file, file.name);
    return this.call('/denoiser/denoise', { method: 'POST', body: form });
  }

  job(id: number, signal?: AbortSignal): Promise<DenoiseJob> {
    return this.call(`/denoiser/jobs/${id}`, { signal });
  }
}
