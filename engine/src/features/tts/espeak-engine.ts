/**
 * The embedded engine: eSpeak NG (WASM, ~24 MB of voice data inside the npm package), over 100
 * languages, nothing to download. Synthesis runs in the worker pool (espeak-task.ts).
 *
 * Speed: eSpeak's pace is words per minute, 175 by default. The API speed s (0.25–4.0) maps to
 * `round(175 × s)`, clamped to eSpeak's own range 80–450 wpm, so speeds below ~0.46 and above
 * ~2.57 sound as fast or slow as those limits (docs/api/openai-compat.md).
 */
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import { ESPEAK_TASK, type EspeakTaskInput } from './espeak-task.ts';
import type { TtsEngine, TtsRequest, TtsResult } from './tts-engine.ts';

export const ESPEAK_MODEL_ID = 'tapehouse-espeak';
export const ESPEAK_DEFAULT_WPM = 175;
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
