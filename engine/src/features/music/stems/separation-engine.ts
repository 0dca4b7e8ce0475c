/**
 * What a separation engine is, as the planner and the worker task share it. An engine produces
 * a fixed list of stems; `tier` tells the caller how good they are ('neural': trained
 * separation models; 'dsp': the embedded signal-processing separator, the lower quality tier).
 * Only plain data here, so an engine spec can cross into a worker thread.
 */

export type SeparationTier = 'neural' | 'dsp';

/** How the worker builds the engine: the embedded DSP, or an ONNX model pack. */
export type EngineSpec =
  | { kind: 'dsp' }
  | {
      kind: 'mdx';
      /** Absolute path of the .onnx file. */
      modelPath: string;
      /** The model's target stem and what its complement is called. */
      target: string;
      complement: string;
      nFft: number;
      hop: number;
      /** Frequency bins the model sees (the rest are zero), and frames per call. */
      dimF: number;
      dimT: number;
      /** Multiplies the model output (the UVR "compensate" factor). */
      compensate: number;
      executionProviders: string[] | null;
    }
  | {
      kind: 'waveform';
      /** Absolute path of the .onnx file. */
      modelPath: string;
      /** Output sources in the order of the model's source axis. */
      sources: string[];
      /** Samples per model call (the model's fixed segment). */
      segment: number;
      executionProviders: string[] | null;
    };

export interface InstalledEngine {
  /** Engine id in responses: `dsp`, or the model pack id. */
  id: string;
  tier: SeparationTier;
  title: string;
  /** Every stem name this engine can write. */
  stems: readonly string[];
  spec: EngineSpec;
  /** Higher wins when two engines can produce the same stem. */
  rank: number;
}
