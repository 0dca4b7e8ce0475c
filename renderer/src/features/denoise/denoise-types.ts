/**
 * Wire types of document 3's "Noise reduction" routes as the engine answers them, inferred from
 * the engine's zod schemas (engine/src/features/cleanup/denoise-schema.ts; type-only imports).
 */
import type { z } from 'zod';
import type { denoiseJobSchema } from '../../../../engine/src/features/cleanup/denoise-schema.ts';

export type DenoiseJob = z.output<typeof denoiseJobSchema>;
export type QualityMode = DenoiseJob['quality_mode'];

export function isFinished(job: DenoiseJob): boolean {
  return job.status === 'COMPLETED' || job.status === 'FAILED';
}
