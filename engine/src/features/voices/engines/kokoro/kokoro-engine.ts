/**
 * Kokoro (82M) voices behind the TtsEngine interface, through our own adapter (kokoro-task.ts).
 * The request's `voice` is the catalog key `kokoro:<voice>` (e.g. `kokoro:af_heart`); a locator
 * gives the model, vocabulary and voice-pack files (installed pack: neural-voices.ts).
 *
 * Speed is the model's own `speed` input (Kokoro scales its predicted durations by it; the
 * reference implementations accept 0.5–2, so it is clamped there). Kokoro has no pitch or energy
 * control; the voice's style vector is fixed per voice (docs/api/voices-engines.md).
 */
import type { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { parseVoiceKey } from '../neural-voice-key.ts';
import { parseKokoroBlend } from './kokoro-blend.ts';
import type { TtsEngine, TtsRequest } from '../tts-engine.ts';
import { KOKORO_TASK, type KokoroTaskInput, type KokoroTaskResult } from './kokoro-task.ts';

export const KOKORO_MODEL_ID = 'tapehouse-kokoro';
export const KOKORO_MIN_SPEED = 0.5;
export const KOKORO_MAX_SPEED = 2;

export interface KokoroFiles {
  modelPath: string;
  vocabPath: string;
  voicesPath: string;
}

export type KokoroLocator = (voice: string) => KokoroFiles;

export function kokoroSpeed(speed: number): number {
  return Math.min(KOKORO_MAX_SPEED, Math.max(KOKORO_MIN_SPEED, speed));
}

export class KokoroEngine implements TtsEngine {
  readonly modelId = KOKORO_MODEL_ID;

  constructor(
    private readonly workers: WorkerPool,
    private readonly locate: KokoroLocator,
    private readonly options: { executionProviders?: string[] | null } = {},
  ) {}

  async synthesize(request: TtsRequest): Promise<KokoroTaskResult> {
    const key = parseVoiceKey(request.voice, 'kokoro');
    // A blend (`af_heart*0.6+af_bella*0.4`) speaks with its voices' mixed style tables.
    const blend = parseKokoroBlend(key.voice);
    const first = blend?.[0]?.voice ?? key.voice;
    const input: KokoroTaskInput = {
      ...this.locate(first),
      voice: first,
      ...(blend && {
        blend: blend.map((part) => ({
          voicesPath: this.locate(part.voice).voicesPath,
          voice: part.voice,
          weight: part.weight,
        })),
      }),
      text: request.text,
      input: request.input ?? 'text',
      speed: kokoroSpeed(request.speed),
      executionProviders: this.options.executionProviders ?? null,
    };
    return this.workers.run<KokoroTaskResult>(KOKORO_TASK, input, {
      signal: request.signal,
      onProgress: request.onProgress,
    });
  }
}
