/**
 * Worker-pool task: an eSpeak NG synthesis that is the same, sample for sample, every time it
 * runs with the same input (voice design's "same seed, same audio"). eSpeak keeps state between
 * utterances in its WASM instance (the flutter phase, the noise generator that breathy and
 * whispering variants use, seeded from the clock when the instance starts), so the worker's
 * shared instance (espeak-task.ts) drifts by a few samples from call to call. Here every call
 * gets a fresh instance started with a fixed clock: ~0.7 s more per call, paid only where
 * exact repeatability is promised.
 */
import { CancelledError } from '../../../../errors.ts';
import type { WorkerTask } from '../../../../jobs/worker-protocol.ts';
import type { TtsResult } from '../tts-engine.ts';
import { synthesizeOn, type EspeakTaskInput } from './espeak-task.ts';

export const ESPEAK_EXACT_TASK = new URL(import.meta.url);

/** 2026-01-01T00:00:00Z: the moment every fresh instance believes it starts at. */
const FIXED_NOW = 1_767_225_600_000;

export const run: WorkerTask<EspeakTaskInput, TtsResult> = async (input, ctx) => {
  // Imported here, not at the top: the engine imports this module for its URL only.
  const { default: factory } = await import('@echogarden/espeak-ng-emscripten');
  const realNow = Date.now;
  // eSpeak seeds its random generator from time() while it starts. The clock is fixed only for
  // that start; no worker task reads the wall clock (another task awaiting in this thread
  // meanwhile is unaffected).
  Date.now = () => FIXED_NOW;
  let worker;
  try {
    const module = await factory();
    worker = new module.eSpeakNGWorker();
  } finally {
    Date.now = realNow;
  }
  if (ctx.signal.aborted) throw new CancelledError();
  return synthesizeOn(worker, input);
};
