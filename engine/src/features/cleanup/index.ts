/**
 * Cleanup: noise reduction for recordings (DeepFilterNet3 `studio`, GTCRN `balanced`), its
 * routes and its job (docs/api/denoise.md). Video keeps its picture: only the audio is redone.
 */
import type { JobHandler } from '../../jobs/job-types.ts';
import type { CleanupDeps } from './cleanup-deps.ts';
import { makeDenoiseJob } from './denoise-job.ts';
import { DenoiseService } from './denoise-service.ts';
import { denoiseRoutes } from './routes.ts';

export type { CleanupDeps } from './cleanup-deps.ts';
export { DenoiseService } from './denoise-service.ts';
// For the voices area: cleans a voice sample (DeepFilterNet3) inside the caller's own job.
export {
  cleanRecording,
  requireRecordingCleaner,
  type CleanRecordingOptions,
  type RecordingCleanerDeps,
} from './clean-recording.ts';
export type { DenoiseFileResult } from './denoise-file.ts';

export const cleanupRoutes = denoiseRoutes;

export function createCleanup(deps: CleanupDeps): DenoiseService {
  return new DenoiseService(deps);
}

export function cleanupJobs(deps: CleanupDeps): JobHandler[] {
  return [makeDenoiseJob(deps)];
}
