/**
 * What a text-to-speech engine does for the speech routes and (later) narration: text, a voice
 * and a speed in, mono float PCM out, with word and sentence timings when the engine knows them.
 * Engines are loaded lazily by name (STYLE.md, Echogarden); the embedded eSpeak NG engine
 * (espeak-engine.ts) needs no download.
 */
export interface TtsRequest {
  text: string;
  /** The engine's own voice name (for eSpeak NG, the voice identifier such as `gmw/en-US`). */
  voice: string;
  /** 0.25 to 4.0; 1 is the engine's normal pace. */
  speed: number;
  /**
   * Optional delivery controls; each engine applies what it can and ignores the rest
   * (docs/api/voices-engines.md has the table). 1 = the voice's normal.
   * - pitch: multiplier of the voice's base pitch, 0.5–2 (eSpeak NG only).
   * - energy: livelier (> 1) or flatter (< 1) delivery, 0.5–2 (eSpeak NG: loudness and
   *   pitch range; Piper: noise_scale and noise_w).
   */
  pitch?: number;
  energy?: number;
  /**
   * `ipa`: `text` already is IPA phonemes, fed to the model without eSpeak phonemization
   * (Piper, Kokoro). The eSpeak NG engine rejects it. Default `text`.
   */
  input?: 'text' | 'ipa';
  signal?: AbortSignal;
  /** Progress of a long synthesis, 0–100 (neural engines report per sentence). */
  onProgress?: (percent: number, stage?: string) => void;
}

export interface TtsTiming {
  kind: 'word' | 'sentence';
  /** Offset (UTF-16 code units) and length of the item in the request text. */
  textOffset: number;
  textLength: number;
  /** Where it starts in the output, seconds. */
  startSeconds: number;
}

export interface TtsResult {
  samples: Float32Array;
  sampleRate: number;
  timings: TtsTiming[];
}

export interface TtsEngine {
  /** Model id shown by GET /v1/models, e.g. `tapehouse-espeak`. */
  readonly modelId: string;
  synthesize(request: TtsRequest): Promise<TtsResult>;
}
