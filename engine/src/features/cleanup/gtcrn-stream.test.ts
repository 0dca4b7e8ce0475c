// The `balanced` engine runs GTCRN as a block graph (gtcrn-block-graph.ts). It must compute what
// the published one-frame graph computes frame by frame (what the engine ran before, through a
// Scan wrapper checked bit-exact against frame-by-frame runs), on a real noisy recording.
// Tolerance: 1e-5 of the signal's peak; batching frames only reorders float sums (measured
// ≈ 2e-6 of peak on the spectra).
import fs from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { realData, realModel } from '../../../../test/helpers/requirements.ts';
import { decodeAudio } from '../../audio/decode.ts';
import { resolveFfmpeg } from '../../audio/ffmpeg-locate.ts';
import { buildModel, node, valueInfo } from '../../inference/onnx-builder.ts';
import { sessionOptionsFor } from '../../inference/session-cache.ts';
import { gtcrnBlockGraph } from './gtcrn-block-graph.ts';
import { GtcrnStream } from './gtcrn-stream.ts';
import { gtcrnStft, StftAnalyzer, StftSynthesizer } from './stft.ts';

const BINS = 257;
const CACHES = [
  ['conv_cache', 'conv_cache_out', [2, 1, 16, 16, 33]],
  ['tra_cache', 'tra_cache_out', [2, 3, 1, 1, 16]],
  ['inter_cache', 'inter_cache_out', [2, 1, 33, 16]],
] as const;

function zeroCaches(): Record<string, ort.Tensor> {
  const out: Record<string, ort.Tensor> = {};
  for (const [name, , dims] of CACHES) {
    out[name] = new ort.Tensor(
      'float32',
      new Float32Array(dims.reduce((a: number, b: number) => a * b, 1)),
      [...dims],
    );
  }
  return out;
}

function nextCaches(result: ort.InferenceSession.OnnxValueMapType): Record<string, ort.Tensor> {
  const out: Record<string, ort.Tensor> = {};
  for (const [name, outName] of CACHES) out[name] = result[outName] as ort.Tensor;
  return out;
}

/** The published graph, one frame per run, as the reference: spectra in [frame][bin][re, im]. */
async function frameByFrame(
  session: ort.InferenceSession,
  frames: Float32Array,
): Promise<{ enh: Float32Array; caches: Record<string, ort.Tensor> }> {
  const count = frames.length / (BINS * 2);
  const enh = new Float32Array(frames.length);
  let caches = zeroCaches();
  for (let f = 0; f < count; f++) {
    const mix = frames.slice(f * BINS * 2, (f + 1) * BINS * 2);
    const r = await session.run({
      mix: new ort.Tensor('float32', mix, [1, BINS, 1, 2]),
      ...caches,
    });
    enh.set(r.enh!.data as Float32Array, f * BINS * 2);
    caches = nextCaches(r);
  }
  return { enh, caches };
}

/** The block graph over blocks of the given sizes, caches carried from block to block. */
async function blockwise(
  session: ort.InferenceSession,
  frames: Float32Array,
  sizes: readonly number[],
): Promise<{ enh: Float32Array; caches: Record<string, ort.Tensor> }> {
  const enh = new Float32Array(frames.length);
  let caches = zeroCaches();
  let start = 0;
  for (const t of sizes) {
    // [frame][bin][2] → [1, bin, frame, 2] and back.
    const mix = new Float32Array(BINS * t * 2);
    for (let f = 0; f < t; f++) {
      for (let k = 0; k < BINS; k++) {
        for (let c = 0; c < 2; c++)
          mix[(k * t + f) * 2 + c] = frames[((start + f) * BINS + k) * 2 + c]!;
      }
    }
    const r = await session.run({
      mix: new ort.Tensor('float32', mix, [1, BINS, t, 2]),
      ...caches,
    });
    expect(r.enh!.dims).toEqual([1, BINS, t, 2]);
    const out = r.enh!.data as Float32Array;
    for (let f = 0; f < t; f++) {
      for (let k = 0; k < BINS; k++) {
        for (let c = 0; c < 2; c++)
          enh[((start + f) * BINS + k) * 2 + c] = out[(k * t + f) * 2 + c]!;
      }
    }
    caches = nextCaches(r);
    start += t;
  }
  expect(start * BINS * 2).toBe(frames.length);
  return { enh, caches };
}

function peak(x: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) m = Math.max(m, Math.abs(x[i]!));
  return m;
}

function worstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

/** A real noisy VoiceBank+DEMAND recording at 16 kHz, or null (skipped loudly) without data. */
async function noisySpeech(): Promise<Float32Array | null> {
  const dir = realData('noise/pairs_voicebank_demand/noisy');
  if (dir === null) return null;
  const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const decoded = await decodeAudio(ffmpeg, path.join(dir, 'p287_002.wav'), {
    sampleRate: 16_000,
    channels: 1,
  });
  return decoded.samples;
}

/** STFT frames of `samples` as the engine computes them, [frame][bin][re, im]. */
function spectra(samples: Float32Array): Float32Array {
  const spec = gtcrnStft();
  const analyzer = new StftAnalyzer(spec);
  const count = Math.floor(samples.length / spec.hop);
  const out = new Float32Array(count * BINS * 2);
  for (let f = 0; f < count; f++) {
    const s = analyzer.push(samples.subarray(f * spec.hop, (f + 1) * spec.hop));
    for (let k = 0; k < BINS; k++) {
      out[(f * BINS + k) * 2] = s.re[k]!;
      out[(f * BINS + k) * 2 + 1] = s.im[k]!;
    }
  }
  return out;
}

/** The real noisy speech, and sessions of the published frame graph and of its block graph. */
async function publishedAndBlockSessions(): Promise<{
  samples: Float32Array;
  plain: ort.InferenceSession;
  block: ort.InferenceSession;
} | null> {
  const file = realModel('denoise/gtcrn_simple.onnx');
  const samples = await noisySpeech();
  if (file === null || samples === null) return null;
  const bytes = new Uint8Array(fs.readFileSync(file));
  const options = sessionOptionsFor(['cpu'], 1);
  return {
    samples,
    plain: await ort.InferenceSession.create(bytes, options),
    block: await ort.InferenceSession.create(gtcrnBlockGraph(bytes), options),
  };
}

describe('GTCRN block graph', () => {
  it('computes the published frame graph frame by frame, caches included, on real noisy speech', async () => {
    const sessions = await publishedAndBlockSessions();
    if (sessions === null) return;
    const { samples, plain, block } = sessions;
    const frames = spectra(samples);
    const count = frames.length / (BINS * 2);
    expect(count).toBeGreaterThan(150);
    const expected = await frameByFrame(plain, frames);
    const scale = peak(expected.enh);
    expect(scale).toBeGreaterThan(1e-3);
    // One frame, an odd block, the engine's block, and whatever is left.
    const got = await blockwise(block, frames, [1, 7, 64, count - 72]);
    expect(worstDifference(got.enh, expected.enh)).toBeLessThan(1e-5 * scale);
    for (const [name] of CACHES) {
      const want = expected.caches[name]!.data as Float32Array;
      expect(worstDifference(got.caches[name]!.data as Float32Array, want)).toBeLessThan(
        1e-5 * Math.max(1, peak(want)),
      );
    }
  });

  it('refuses a graph that is not the GTCRN streaming export', () => {
    const other = buildModel({
      graph: {
        inputs: [valueInfo('mix', 'float32', [1, 257, 1, 2])],
        outputs: [valueInfo('enh', 'float32', [1, 257, 1, 2])],
        nodes: [node('Identity', ['mix'], ['enh'])],
      },
    });
    expect(() => gtcrnBlockGraph(other)).toThrow(/not the expected streaming export/);
  });
});

describe('GtcrnStream', () => {
  it('denoises a real recording as the frame-by-frame pipeline does, in any push sizes', async () => {
    const sessions = await publishedAndBlockSessions();
    if (sessions === null) return;
    const { samples, plain } = sessions;
    const stream = new GtcrnStream(sessions.block);

    // Reference: STFT, one published-graph run per frame, overlap-add, the stream's alignment.
    const spec = gtcrnStft();
    const padded = new Float32Array(
      Math.ceil((samples.length + 2 * spec.hop) / spec.hop) * spec.hop,
    );
    padded.set(samples);
    const { enh } = await frameByFrame(plain, spectra(padded));
    const synthesizer = new StftSynthesizer(spec);
    const full = new Float32Array(padded.length);
    for (let f = 0; f < padded.length / spec.hop; f++) {
      const at = f * BINS * 2;
      const re = new Float32Array(BINS);
      const im = new Float32Array(BINS);
      for (let k = 0; k < BINS; k++) {
        re[k] = enh[at + 2 * k]!;
        im[k] = enh[at + 2 * k + 1]!;
      }
      synthesizer.push({ re, im }, full, f * spec.hop);
    }
    const lead = spec.fftSize - spec.hop;
    const expected = full.subarray(lead, lead + samples.length);

    const parts: Float32Array[] = [];
    for (let i = 0; i < samples.length; i += 5_003) {
      parts.push(await stream.push(samples.subarray(i, i + 5_003)));
    }
    parts.push(await stream.end());
    const got = new Float32Array(samples.length);
    let offset = 0;
    for (const p of parts) {
      got.set(p, offset);
      offset += p.length;
    }
    expect(offset).toBe(samples.length);
    const scale = peak(expected);
    expect(worstDifference(got, expected)).toBeLessThan(1e-5 * scale);
    // And it did denoise: the output is not the input.
    expect(worstDifference(got, samples)).toBeGreaterThan(0.05 * peak(samples));
  });
});
