/**
 * Piper (VITS) voices behind the TtsEngine interface. The request's `voice` is the catalog's
 * engineVoice key (`piper:<voice>#<speaker>`, neural-voice-key.ts); a locator turns the voice
 * name into its model and config files (installed packs: neural-voices.ts; tests and the bench:
 * files they generate). Synthesis runs in the worker pool (piper-task.ts).
 *
 * Speed maps to length_scale (the voice's length_scale / speed), energy to noise_scale and
 * noise_w; pitch is not something a VITS model can vary and is ignored
 * (docs/api/voices-engines.md).
 */
import type { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { parseVoiceKey } from '../neural-voice-key.ts';
import type { TtsEngine, TtsRequest } from '../tts-engine.ts';
import { PIPER_TASK, type PiperTaskInput, type PiperTaskResult } from './piper-task.ts';

export const PIPER_MODEL_ID = 'tapehouse-piper';

export interface PiperVoiceFiles {
  modelPath: string;
  configPath: string;
}

/** Model and config of a Piper voice by its name; throws voice_not_found / model_not_installed. */
export type PiperLocator = (voice: string) => PiperVoiceFiles;

export interface PiperEngineOptions {
  executionProviders?: string[] | null;
  /** Reuse phonemes of clauses phonemized before (default true; the bench times eSpeak). */
  phonemeCache?: boolean;
}

export class PiperEngine implements TtsEngine {
  readonly modelId = PIPER_MODEL_ID;

  constructor(
    private readonly workers: WorkerPool,
    private readonly locate: PiperLocator,
    private readonly options: PiperEngineOptions = {},
  ) {}

  async synthesize(request: TtsRequest): Promise<PiperTaskResult> {
    const key = parseVoiceKey(request.voice, 'piper');
    const files = this.locate(key.voice);
    const input: PiperTaskInput = {
      ...files,
      text: request.text,
      input: request.input ?? 'text',
      speakerId: key.speaker,
      speed: request.speed,
      energy: request.energy ?? 1,
      executionProviders: this.options.executionProviders ?? null,
      phonemeCache: this.options.phonemeCache ?? true,
    };
    return this.workers.run<PiperTaskResult>(PIPER_TASK, input, {
      signal: request.signal,
      onProgress: request.onProgress,
    });
  }
}
