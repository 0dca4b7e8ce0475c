/**
 * The part of sherpa-onnx-node's JavaScript API this area uses (the package ships JSDoc, no
 * TypeScript declarations). Field names follow its types.js.
 */
export interface SherpaStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}

export interface SherpaRecognizerResult {
  text: string;
  lang: string;
  tokens?: string[];
  timestamps?: number[];
}

export interface SherpaRecognizer {
  createStream(): SherpaStream;
  decode(stream: SherpaStream): void;
  getResult(stream: SherpaStream): SherpaRecognizerResult;
}

export interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  front(enableExternalBuffer: boolean): { start: number; samples: Float32Array };
  pop(): void;
  flush(): void;
}

export interface SherpaDiarizer {
  process(samples: Float32Array): { start: number; end: number; speaker: number }[];
}

export interface SherpaLanguageId {
  createStream(): SherpaStream;
  compute(stream: SherpaStream): string;
}

export interface SherpaModule {
  OfflineRecognizer: new (config: Record<string, unknown>) => SherpaRecognizer;
  Vad: new (config: Record<string, unknown>, bufferSeconds: number) => SherpaVad;
  OfflineSpeakerDiarization: new (config: Record<string, unknown>) => SherpaDiarizer;
  SpokenLanguageIdentification: new (config: Record<string, unknown>) => SherpaLanguageId;
  version: string;
}
