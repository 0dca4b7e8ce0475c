/**
 * Messages between the voices area and its cloning child process (sherpa-tts-host.ts ↔
 * sherpa-tts-child.ts): one sentence spoken by a zero-shot model of a cloning pack, in the voice
 * of a reference clip. One request at a time; the clip (a few seconds) travels with every
 * request, as sherpa-onnx's OfflineTts takes it per call.
 */

/** sherpa-onnx-node's `OfflineTtsZipvoiceModelConfig` (file paths). */
export interface ZipvoiceModelFiles {
  encoder: string;
  decoder: string;
  vocoder: string;
  tokens: string;
  lexicon: string;
  /** espeak-ng-data folder (English words are phonemized by sherpa's own eSpeak NG). */
  dataDir: string;
}

/** sherpa-onnx-node's `OfflineTtsPocketModelConfig` (file paths). */
export interface PocketModelFiles {
  lmMain: string;
  lmFlow: string;
  encoder: string;
  decoder: string;
  textConditioner: string;
  vocabJson: string;
  tokenScoresJson: string;
}

export type SherpaTtsModel = { zipvoice: ZipvoiceModelFiles } | { pocket: PocketModelFiles };

export interface SpeakRequest {
  type: 'speak';
  model: SherpaTtsModel;
  numThreads: number;
  text: string;
  /** The reference clip, mono, and its rate (sherpa resamples to the model's 24 kHz). */
  reference: Float32Array;
  referenceRate: number;
  /** The words spoken in the clip (ZipVoice), else empty. */
  referenceText: string;
  /** The model's own pace input (ZipVoice; PocketTTS has none). The engine sends 1 and
   * stretches the audio instead (engines/cloned/cloned-engine.ts says why). */
  speed: number;
  /** Flow-matching steps (ZipVoice 4, PocketTTS 5 by default: sherpa's own). */
  numSteps: number;
  /** Fixes PocketTTS's sampling noise so a retake of the same text sounds the same. */
  seed: number;
}

export type ToTtsChild = SpeakRequest;

export type FromTtsChild =
  | { type: 'ready' }
  | { type: 'audio'; samples: Float32Array; sampleRate: number }
  | { type: 'error'; message: string };

/** The part of sherpa-onnx-node this child uses (the package ships JSDoc, no declarations). */
export interface SherpaTtsModule {
  OfflineTts: new (config: Record<string, unknown>) => {
    sampleRate: number;
    generate(request: { text: string; sid: number; speed: number; generationConfig: unknown }): {
      samples: Float32Array;
      sampleRate: number;
    };
  };
  GenerationConfig: new (options: Record<string, unknown>) => unknown;
}
