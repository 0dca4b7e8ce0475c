/**
 * Wire types of document 3's "Noise reduction" routes, named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { ResponseOf } from '../../api/contract.ts';

export type DenoiseJob = ResponseOf<'get', '/denoiser/jobs/{denoise_job_id}'>;
export type QualityMode = DenoiseJob['quality_mode'];

export function isFinished(job: DenoiseJob): boolean {
  return job.status === 'COMPLETED' || job.status === 'FAILED';
}
