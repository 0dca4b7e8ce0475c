/**
 * Waveform peaks for drawing: the mono mix (channel average, as pcm.ts mixToMono; from a file
 * with more than two channels, ffmpeg's standard downmix, see channel-map.ts) cut into
 * `buckets` equal spans, with the minimum and maximum sample of each. Bucket i covers frames
 * [floor(i·N/B), floor((i+1)·N/B)); when there are fewer frames than buckets, a bucket shows
 * the frame it falls on.
 *
 * From a file the audio streams through in bounded memory: the exact frame count is only known
 * at the end, so min/max are first kept per small block (about 1/8 of a bucket, sized from the
 * probed duration) and the blocks are folded into buckets at the end. A bucket edge may thus
 * be off by less than one block, invisible at drawing resolution.
 */
import { AppError } from '../errors.ts';
import { decodeAudioStream, type DecodeOptions } from './decode.ts';
import { probeMedia } from './probe.ts';
import type { Ffmpeg, PcmAudio } from './types.ts';

export const MAX_WAVEFORM_BUCKETS = 100_000;

export interface WaveformPeaks {
  /** Per bucket, the lowest sample (≤ 0 for audio crossing zero). */
  min: number[];
  /** Per bucket, the highest sample. */
  max: number[];
  /** Frames the peaks were computed over, and their rate: the span a bucket covers. */
  frames: number;
  sample_rate: number;
}

function checkBuckets(buckets: number): void {
  if (!Number.isInteger(buckets) || buckets < 1 || buckets > MAX_WAVEFORM_BUCKETS) {
    throw new AppError(
      'validation_error',
      `waveform buckets must be an integer 1-${MAX_WAVEFORM_BUCKETS}, got ${buckets}`,
    );
  }
}

/** [first, end) of bucket i over n items; never empty while n > 0. */
function bucketRange(i: number, n: number, buckets: number): [number, number] {
  const first = Math.min(Math.floor((i * n) / buckets), n - 1);
  return [first, Math.max(first + 1, Math.floor(((i + 1) * n) / buckets))];
}

/** Min/max per bucket of PCM in memory (pure). */
export function waveformPeaks(audio: PcmAudio, buckets: number): WaveformPeaks {
  checkBuckets(buckets);
  const { channels, samples } = audio;
  const frames = Math.floor(samples.length / channels);
  const min = new Array<number>(buckets).fill(0);
  const max = new Array<number>(buckets).fill(0);
  if (frames === 0) return { min, max, frames, sample_rate: audio.sampleRate };
  for (let b = 0; b < buckets; b++) {
    const [first, end] = bucketRange(b, frames, buckets);
    let lo = Infinity;
    let hi = -Infinity;
    for (let f = first; f < end; f++) {
      let sum = 0;
      for (let c = 0, i = f * channels; c < channels; c++, i++) sum += samples[i]!;
      const v = sum / channels;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    min[b] = lo;
    max[b] = hi;
  }
  return { min, max, frames, sample_rate: audio.sampleRate };
}

/** Largest magnitude per bucket, clamped to 0..1: the symmetric bars most UIs draw. */
export function peakMagnitudes(peaks: WaveformPeaks): number[] {
  return peaks.max.map((hi, b) => Math.min(1, Math.max(Math.abs(hi), Math.abs(peaks.min[b]!))));
}

/** Min/max per block of `blockFrames` mono frames, for the streaming path. */
class BlockPeaks {
  private lo = new Float32Array(4096);
  private hi = new Float32Array(4096);
  private count = 0;
  private fill = 0;
  private curLo = Infinity;
  private curHi = -Infinity;

  constructor(private readonly blockFrames: number) {}

  push(mono: Float32Array): void {
    for (let f = 0; f < mono.length; f++) {
      const v = mono[f]!;
      if (v < this.curLo) this.curLo = v;
      if (v > this.curHi) this.curHi = v;
      if (++this.fill === this.blockFrames) this.closeBlock();
    }
  }

  private closeBlock(): void {
    if (this.count === this.lo.length) {
      const lo = new Float32Array(this.lo.length * 2);
      const hi = new Float32Array(this.hi.length * 2);
      lo.set(this.lo);
      hi.set(this.hi);
      this.lo = lo;
      this.hi = hi;
    }
    this.lo[this.count] = this.curLo;
    this.hi[this.count] = this.curHi;
    this.count++;
    this.fill = 0;
    this.curLo = Infinity;
    this.curHi = -Infinity;
  }

  toBuckets(buckets: number): { min: number[]; max: number[] } {
    if (this.fill > 0) this.closeBlock();
    const min = new Array<number>(buckets).fill(0);
    const max = new Array<number>(buckets).fill(0);
    const n = this.count;
    if (n === 0) return { min, max };
    for (let b = 0; b < buckets; b++) {
      const [first, end] = bucketRange(b, n, buckets);
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = first; k < end; k++) {
        if (this.lo[k]! < lo) lo = this.lo[k]!;
        if (this.hi[k]! > hi) hi = this.hi[k]!;
      }
      min[b] = lo;
      max[b] = hi;
    }
    return { min, max };
  }
}

export type WaveformOptions = Pick<DecodeOptions, 'signal' | 'onProgress' | 'info'>;

/** Min/max per bucket of a file's first audio stream, at its own rate, in bounded memory. */
export async function waveformPeaksFromFile(
  ffmpeg: Ffmpeg,
  file: string,
  buckets: number,
  options: WaveformOptions = {},
): Promise<WaveformPeaks> {
  checkBuckets(buckets);
  const info =
    options.info ??
    (await probeMedia(ffmpeg, file, options.signal ? { signal: options.signal } : {}));
  const rate = info.audio?.sample_rate ?? 48000;
  const estimatedFrames = (info.duration_seconds ?? 0) * rate;
  // ~8 blocks per bucket; 256-frame blocks when the duration is unknown.
  const blockFrames =
    estimatedFrames > 0 ? Math.max(1, Math.floor(estimatedFrames / (buckets * 8))) : 256;
  const blocks = new BlockPeaks(blockFrames);
  let frames = 0;
  let sampleRate = rate;
  for await (const chunk of decodeAudioStream(ffmpeg, file, { ...options, info, channels: 1 })) {
    blocks.push(chunk.samples);
    frames += chunk.samples.length;
    sampleRate = chunk.sampleRate;
  }
  return { ...blocks.toBuckets(buckets), frames, sample_rate: sampleRate };
}

/** Peak magnitude (0..1) per bucket of a file: what the analysis job stores for drawing. */
export async function waveformFromFile(
  ffmpeg: Ffmpeg,
  file: string,
  buckets: number,
  options: WaveformOptions = {},
): Promise<number[]> {
  return peakMagnitudes(await waveformPeaksFromFile(ffmpeg, file, buckets, options));
}
