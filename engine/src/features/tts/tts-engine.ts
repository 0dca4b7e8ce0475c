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
  signal?: AbortSignal;
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
