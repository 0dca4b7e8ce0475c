/**
 * Typed calls for the Noise reduction page. The page acts as the machine's owner with the
 * studio token (like the Jobs and Stems pages): the engine is local and the models run here.
 */
import type { ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type { DenoiseJob, QualityMode } from './denoise-types.ts';

export class DenoiseClient {
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  /** Uploads the recording and starts the job (multipart: file, quality_mode). */
  start(file: File, mode: QualityMode): Promise<DenoiseJob> {
    const form = new FormData();
    form.set('quality_mode', mode);
    form.set('file', file, file.name);
    return this.api.post('/denoiser/denoise', { body: form });
  }

  job(id: number, signal?: AbortSignal): Promise<DenoiseJob> {
    return this.api.get('/denoiser/jobs/{denoise_job_id}', {
      params: { denoise_job_id: id },
      signal,
    });
  }
}
