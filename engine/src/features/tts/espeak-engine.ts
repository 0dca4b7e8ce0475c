/**
 * The embedded engine: eSpeak NG (WASM, ~24 MB of voice data inside the npm package), over 100
 * languages, nothing to download. Synthesis runs in the worker pool (espeak-task.ts).
 *
 * Speed: eSpeak's rate is nominal words per minute (175 by default), but its measured pace runs
 * 15–40 % above the nominal figure (short sentences most). Speed 1.0 maps to a nominal 140, which
 * measures ~160–195 words per minute: an audiobook narrator's pace, and OpenAI's voices' pace.
 * The API speed s (0.25–4.0) maps to `round(140 × s)`, clamped to eSpeak's own range 80–450, so
 * speeds below ~0.57 and above ~3.2 sound as fast or slow as those limits
 * (docs/api/openai-compat.md).
 */
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import { ESPEAK_TASK, type EspeakTaskInput } from './espeak-task.ts';
import type { TtsEngine, TtsRequest, TtsResult } from './tts-engine.ts';

export const ESPEAK_MODEL_ID = 'tapehouse-espeak';
export const ESPEAK_DEFAULT_WPM = 140;
export const ESPEAK_MIN_WPM = 80;
export const ESPEAK_MAX_WPM = 450;

export function espeakRate(speed: number): number {
  return Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, Math.round(ESPEAK_DEFAULT_WPM * speed)));
}

export class EspeakEngine implements TtsEngine {
  readonly modelId = ESPEAK_MODEL_ID;

  constructor(private readonly workers: WorkerPool) {}

  synthesize(request: TtsRequest): Promise<TtsResult> {
    const input: EspeakTaskInput = {
      text: request.text,
      voice: request.voice,
      rate: espeakRate(request.speed),
    };
    return this.workers.run<TtsResult>(ESPEAK_TASK, input, { signal: request.signal });
  }
}
