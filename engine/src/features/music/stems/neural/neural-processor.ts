/**
 * The neural tier inside the separation worker: an ONNX Runtime session for a model pack and the
 * overlap-add runner (overlap-add.ts) feeding it fixed segments. Two model conventions:
 *
 * - `mdx` (UVR MDX-Net): input [1, 4, dim_f, dim_t] = the segment's STFT (n_fft, hop, periodic
 *   Hann, frames centred on t·hop, the first dim_f bins) as [L.re, L.im, R.re, R.im]; output the
 *   same shape, the target's spectrogram. Segment = hop·(dim_t − 1) samples, of which n_fft/2 at
 *   each end are trimmed. The complement (e.g. vocals for an instrumental model) is mix − target,
 *   so the pair always sums back to the mix.
 * - `waveform` (Demucs-family exports): input [1, 2, segment] samples, output
 *   [1, sources, 2, segment]; `no_<source>` stems are mix − source.
 */
import ort from 'onnxruntime-node';
import { throwIfCancelled } from '../../../../errors.ts';
import { createSessionCache, type SessionCache } from '../../../../inference/session-cache.ts';
import type { StemPlanes } from '../dsp/dsp-block.ts';
import { istft, stft, type StftConfig } from '../dsp/stft.ts';
import type { EngineSpec } from '../separation-engine.ts';
import type { StreamProcessor } from '../separation-task.ts';
import { OverlapAdd, type SegmentModel } from './overlap-add.ts';

/** Names a caller may use for the same output. */
export const STEM_ALIASES: Readonly<Record<string, string>> = {
  backing_track: 'no_vocals',
  instrumental: 'no_vocals',
};

let cache: SessionCache | null = null;

async function session(
  modelPath: string,
  providers: string[] | null,
): Promise<ort.InferenceSession> {
  cache ??= createSessionCache({ executionProviders: providers });
  return cache.getSession(modelPath);
}

type MdxSpec = Extract<EngineSpec, { kind: 'mdx' }>;
type WaveSpec = Extract<EngineSpec, { kind: 'waveform' }>;

function residual(
  left: Float32Array,
  right: Float32Array,
  [l, r]: [Float32Array, Float32Array],
): [Float32Array, Float32Array] {
  const a = new Float32Array(left.length);
  const b = new Float32Array(left.length);
  for (let i = 0; i < left.length; i++) {
    a[i] = left[i]! - l[i]!;
    b[i] = right[i]! - r[i]!;
  }
  return [a, b];
}

/** The MDX segment model: STFT → ONNX → inverse STFT; the complement by subtraction. */
export function mdxSegmentModel(
  spec: MdxSpec,
  run: (input: ort.Tensor) => Promise<ort.Tensor>,
): {
  model: SegmentModel;
  segment: number;
  trim: number;
} {
  const cfg: StftConfig = { size: spec.nFft, hop: spec.hop };
  const segment = spec.hop * (spec.dimT - 1);
  const framing = { firstStart: -spec.nFft / 2, frames: spec.dimT };
  const bins = spec.nFft / 2 + 1;
  const { dimF, dimT } = spec;
  const model: SegmentModel = async (left, right) => {
    const specs = [stft(left, cfg, framing), stft(right, cfg, framing)];
    const data = new Float32Array(4 * dimF * dimT);
    for (let c = 0; c < 2; c++) {
      const s = specs[c]!;
      for (let f = 0; f < dimF; f++) {
        for (let t = 0; t < dimT; t++) {
          data[(2 * c * dimF + f) * dimT + t] = s.re[t * bins + f]!;
          data[((2 * c + 1) * dimF + f) * dimT + t] = s.im[t * bins + f]!;
        }
      }
    }
    const output = await run(new ort.Tensor('float32', data, [1, 4, dimF, dimT]));
    const out = output.data as Float32Array;
    const target: Float32Array[] = [];
    for (let c = 0; c < 2; c++) {
      const re = new Float32Array(dimT * bins);
      const im = new Float32Array(dimT * bins);
      for (let f = 0; f < dimF; f++) {
        for (let t = 0; t < dimT; t++) {
          re[t * bins + f] = out[(2 * c * dimF + f) * dimT + t]! * spec.compensate;
          im[t * bins + f] = out[((2 * c + 1) * dimF + f) * dimT + t]! * spec.compensate;
        }
      }
      target.push(istft({ frames: dimT, bins, re, im }, cfg, segment, framing));
    }
    const targetPlanes: [Float32Array, Float32Array] = [target[0]!, target[1]!];
    const planes: StemPlanes = new Map();
    planes.set(spec.target, targetPlanes);
    planes.set(spec.complement, residual(left, right, targetPlanes));
    return planes;
  };
  return { model, segment, trim: spec.nFft / 2 };
}

/** The waveform segment model: the sources as the model returns them, `no_<x>` by subtraction. */
export function waveformSegmentModel(
  spec: WaveSpec,
  run: (input: ort.Tensor) => Promise<ort.Tensor>,
): { model: SegmentModel; segment: number; trim: number } {
  const { segment, sources } = spec;
  const model: SegmentModel = async (left, right) => {
    const data = new Float32Array(2 * segment);
    data.set(left, 0);
    data.set(right, segment);
    const output = await run(new ort.Tensor('float32', data, [1, 2, segment]));
    const out = output.data as Float32Array;
    if (out.length !== sources.length * 2 * segment)
      throw new Error(
        `model output has ${out.length} values, expected ${sources.length}×2×${segment}`,
      );
    const planes: StemPlanes = new Map();
    sources.forEach((source, i) => {
      const base = i * 2 * segment;
      const pair: [Float32Array, Float32Array] = [
        out.slice(base, base + segment),
        out.slice(base + segment, base + 2 * segment),
      ];
      planes.set(source, pair);
      planes.set(`no_${source}`, residual(left, right, pair));
    });
    return planes;
  };
  return { model, segment, trim: 0 };
}

export async function createNeuralProcessor(
  spec: Exclude<EngineSpec, { kind: 'dsp' }>,
  stems: string[],
  sink: (planes: StemPlanes) => void,
  signal: AbortSignal,
): Promise<StreamProcessor> {
  const sess = await session(spec.modelPath, spec.executionProviders);
  const inputName = sess.inputNames[0]!;
  const outputName = sess.outputNames[0]!;
  const run = async (input: ort.Tensor): Promise<ort.Tensor> => {
    throwIfCancelled(signal);
    const result = await sess.run({ [inputName]: input });
    return result[outputName]!;
  };
  const built = spec.kind === 'mdx' ? mdxSegmentModel(spec, run) : waveformSegmentModel(spec, run);
  const filtered: SegmentModel = async (l, r) => {
    const all = await built.model(l, r);
    const out: StemPlanes = new Map();
    for (const stem of stems) {
      const planes = all.get(STEM_ALIASES[stem] ?? stem);
      if (!planes) throw new Error(`${spec.modelPath} does not produce "${stem}"`);
      out.set(stem, planes);
    }
    return out;
  };
  const runner = new OverlapAdd(filtered, sink, { segment: built.segment, trim: built.trim });
  return { push: (l, r) => runner.push(l, r), finish: () => runner.finish() };
}
