/**
 * Noise reduction of one local recording for another area (the voices area cleans a voice
 * sample with it before measuring and cloning): DeepFilterNet3, the `studio` mode, in the worker
 * pool, written as WAV at the recording's own rate. No job and no charge of its own: the caller's
 * job prices the work. A missing model pack is `model_not_installed` naming the install command.
 */
import { probeMedia } from '../../audio/probe.ts';
import type { Ffmpeg } from '../../audio/types.ts';
import type { CleanupDeps } from './cleanup-deps.ts';
import { resolveEngineFiles } from './denoise-job.ts';
import type { DenoiseFileResult } from './denoise-file.ts';
import { DENOISE_TASK, type DenoiseTaskInput } from './denoise-task.ts';

export type RecordingCleanerDeps = Pick<CleanupDeps, 'models' | 'workers' | 'config'> & {
  ffmpeg: { require(): Promise<Ffmpeg> };
};

export interface CleanRecordingOptions {
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/** Throws model_not_installed unless the studio denoiser's pack is there. */
export function requireRecordingCleaner(deps: Pick<CleanupDeps, 'models'>): void {
  resolveEngineFiles(deps, 'studio');
}

/** Denoises `source` into `dest` (WAV). Resolves with the measured noise reduction. */
export async function cleanRecording(
  deps: RecordingCleanerDeps,
  source: string,
  dest: string,
  options: CleanRecordingOptions = {},
): Promise<DenoiseFileResult> {
  const files = resolveEngineFiles(deps, 'studio');
  const ffmpeg = await deps.ffmpeg.require();
  const info = await probeMedia(ffmpeg, source, options.signal ? { signal: options.signal } : {});
  const task: DenoiseTaskInput = {
    input: source,
    audioOut: dest,
    videoOut: null,
    mode: 'studio',
    files,
    plan: { audio: { format: 'wav', extension: 'wav', contentType: 'audio/wav' }, video: null },
    info,
    ffmpeg: { path: ffmpeg.path, version: ffmpeg.version },
    executionProviders: deps.config.executionProviders,
  };
  return deps.workers.run<DenoiseFileResult>(DENOISE_TASK, task, {
    ...(options.signal && { signal: options.signal }),
    ...(options.onProgress && { onProgress: (percent: number) => options.onProgress?.(percent) }),
  });
}
