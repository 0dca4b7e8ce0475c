/**
 * Messages between the voices area and its sherpa-onnx child process (sherpa-voice-host.ts ↔
 * sherpa-voice-child.ts): speech segments of a voice sample (Silero VAD) and speaker embeddings
 * (WeSpeaker / 3D-Speaker models). One request at a time; samples are 16 kHz mono, at most a few
 * minutes, so each request carries its whole clip.
 */

export interface SpeechSegment {
  /** Seconds from the start of the clip. */
  start: number;
  end: number;
}

export type ToVoiceChild =
  | { type: 'vad'; model: string; samples: Float32Array; threshold: number }
  | { type: 'embed'; model: string; samples: Float32Array };

export type FromVoiceChild =
  | { type: 'ready' }
  | { type: 'segments'; segments: SpeechSegment[] }
  | { type: 'embedding'; embedding: Float32Array }
  | { type: 'error'; message: string };

/** The part of sherpa-onnx-node this child uses (the package ships JSDoc, no declarations). */
export interface SherpaVoiceModule {
  Vad: new (
    config: Record<string, unknown>,
    bufferSeconds: number,
  ) => {
    acceptWaveform(samples: Float32Array): void;
    isEmpty(): boolean;
    front(enableExternalBuffer: boolean): { start: number; samples: Float32Array };
    pop(): void;
    flush(): void;
  };
  SpeakerEmbeddingExtractor: new (config: Record<string, unknown>) => {
    dim: number;
    createStream(): {
      acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
      inputFinished(): void;
    };
    isReady(stream: unknown): boolean;
    compute(stream: unknown, enableExternalBuffer?: boolean): Float32Array;
  };
}
