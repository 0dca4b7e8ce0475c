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
 *
 * Pitch and energy (TtsRequest, docs/api/voices-engines.md): pitch p moves eSpeak's base pitch
 * to round(50 × p) (0–99); energy e widens or narrows the pitch range to round(50 × e) (0–99)
 * and sets the volume to round(100 × e) (50–200). IPA input is not supported.
 */
import { AppError } from '../../../../errors.ts';
import type { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { ESPEAK_EXACT_TASK } from './espeak-exact-task.ts';
import { ESPEAK_TASK, type EspeakTaskInput } from './espeak-task.ts';
import type { TtsEngine, TtsRequest, TtsResult } from '../tts-engine.ts';

export const ESPEAK_MODEL_ID = 'tapehouse-espeak';
export const ESPEAK_DEFAULT_WPM = 140;
export const ESPEAK_MIN_WPM = 80;
export const ESPEAK_MAX_WPM = 450;

export function espeakRate(speed: number): number {
  return Math.min(ESPEAK_MAX_WPM, Math.max(ESPEAK_MIN_WPM, Math.round(ESPEAK_DEFAULT_WPM * speed)));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, Math.round(value)));
}

/** eSpeak's pitch, range and volume for the request's pitch and energy multipliers. */
export function espeakProsody(
  pitch = 1,
  energy = 1,
): { pitch: number; range: number; volume: number } {
  return {
    pitch: clamp(50 * pitch, 0, 99),
    range: clamp(50 * energy, 0, 99),
    volume: clamp(100 * energy, 50, 200),
  };
}

export class EspeakEngine implements TtsEngine {
  readonly modelId = ESPEAK_MODEL_ID;

  constructor(private readonly workers: WorkerPool) {}

  synthesize(request: TtsRequest): Promise<TtsResult> {
    return this.run(ESPEAK_TASK, request);
  }

  /**
   * The same synthesis on a fresh eSpeak instance started at a fixed time, so the same request
   * gives the same samples every time (espeak-exact-task.ts); ~0.7 s slower.
   */
  synthesizeExact(request: TtsRequest): Promise<TtsResult> {
    return this.run(ESPEAK_EXACT_TASK, request);
  }

  private async run(task: URL, request: TtsRequest): Promise<TtsResult> {
    if (request.input === 'ipa') {
      throw new AppError('validation_error', 'the eSpeak NG engine takes text, not IPA phonemes', {
        details: { engine: 'espeak' },
      });
    }
    const input: EspeakTaskInput = {
      text: request.text,
      voice: request.voice,
      rate: espeakRate(request.speed),
      ...espeakProsody(request.pitch, request.energy),
    };
    return this.workers.run<TtsResult>(task, input, {
      signal: request.signal,
      onProgress: request.onProgress,
    });
  }
}
