/**
 * Speaks a catalog voice with the engine that owns it. The embedded eSpeak NG engine is always
 * present; neural engines (Piper, Kokoro, the cloning engines) are added when their code is
 * available, and a voice whose engine is missing is a clear 503 naming what to install, never a
 * fallback voice.
 */
import { AppError } from '../../../errors.ts';
import type { SpeakableVoice, VoiceEngineName } from '../catalog/voice-catalog.ts';
import type { TtsEngine, TtsRequest, TtsResult } from './tts-engine.ts';

export type VoiceRequest = Omit<TtsRequest, 'voice'>;

export class VoiceSynthesizer {
  constructor(private readonly engines: Partial<Record<VoiceEngineName, TtsEngine>>) {}

  engineFor(voice: SpeakableVoice): TtsEngine {
    const engine = this.engines[voice.engine];
    if (!engine) {
      throw new AppError(
        'model_not_installed',
        `Voice ${voice.id} needs the ${voice.engine} engine, which this engine build does not have.`,
        { details: { voice_id: voice.id, engine: voice.engine } },
      );
    }
    return engine;
  }

  /**
   * The voice's own prosody (a character preset's or a designed voice's pitch and pace)
   * multiplies the request's, so a direction or an API speed still moves it from there.
   */
  synthesize(voice: SpeakableVoice, request: VoiceRequest): Promise<TtsResult> {
    const own = voice.prosody;
    return this.engineFor(voice).synthesize({
      ...request,
      voice: voice.engineVoice,
      ...(own && {
        speed: request.speed * own.rate,
        pitch: (request.pitch ?? 1) * own.pitch,
        ...(own.energy !== undefined && { energy: (request.energy ?? 1) * own.energy }),
      }),
    });
  }

  /** Model ids for GET /v1/models, one per engine present (cloned voices share one). */
  modelIds(): string[] {
    return [...new Set(Object.values(this.engines).map((engine) => engine.modelId))];
  }
}
