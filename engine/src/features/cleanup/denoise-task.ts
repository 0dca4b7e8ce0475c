/**
 * Worker-pool task (jobs/worker-pool.ts) that denoises one file (denoise-file.ts). The whole
 * loop, model calls and DSP, runs in the worker thread so the HTTP thread never waits on it;
 * the two ffmpeg processes it starts are children of the engine like any other and die with
 * the job's cancel signal. The worker's session cache keeps the models loaded between jobs.
 */
import type { WorkerTask } from '../../jobs/worker-protocol.ts';
import type { SessionCache } from '../../inference/session-cache.ts';
import { engineSessionCache, type QualityMode } from './denoise-engines.ts';
import { denoiseFile, type DenoiseFileInput, type DenoiseFileResult } from './denoise-file.ts';

export interface DenoiseTaskInput extends DenoiseFileInput {
  ffmpeg: { path: string; version: string };
  /** The user's provider override (config.executionProviders); null = choose. */
  executionProviders: string[] | null;
}

const caches = new Map<QualityMode, SessionCache>();

export const run: WorkerTask<DenoiseTaskInput, DenoiseFileResult> = async (input, ctx) => {
  let sessions = caches.get(input.mode);
  if (sessions === undefined) {
    sessions = engineSessionCache(input.mode, input.executionProviders);
    caches.set(input.mode, sessions);
  }
  const { ffmpeg, executionProviders: _providers, ...job } = input;
  return denoiseFile(job, {
    ffmpeg,
    sessions,
    signal: ctx.signal,
    onProgress: (fraction, stage) => ctx.progress(fraction * 100, stage),
  });
};

/** This module, for services.workers.run. */
export const DENOISE_TASK = new URL(import.meta.url);
