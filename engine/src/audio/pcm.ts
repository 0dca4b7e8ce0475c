/**
 * Small helpers over interleaved Float32 PCM (see types.ts for why interleaved).
 */
import os from 'node:os';
import { AppError } from '../errors.ts';
import type { PcmAudio } from './types.ts';

/** Upper bounds that catch nonsense early; ffmpeg itself accepts more. */
export const MAX_SAMPLE_RATE = 768_000;
export const MAX_CHANNELS = 64;

/**
 * ffmpeg writes little-endian floats (`f32le`) and Float32Array uses the host byte order. Every
 * platform we ship (x64, arm64) is little-endian; fail loudly rather than return noise.
 */
export function assertLittleEndian(): void {
  if (os.endianness() !== 'LE') {
    throw new AppError('internal_error', 'the audio core needs a little-endian CPU');
  }
}

export function validateFormat(sampleRate: number, channels: number, what = 'audio'): void {
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > MAX_SAMPLE_RATE) {
    throw new AppError(
      'validation_error',
      `${what}: sample rate must be an integer 1-${MAX_SAMPLE_RATE} Hz, got ${sampleRate}`,
    );
  }
  if (!Number.isInteger(channels) || channels < 1 || channels > MAX_CHANNELS) {
    throw new AppError(
      'validation_error',
      `${what}: channel count must be an integer 1-${MAX_CHANNELS}, got ${channels}`,
    );
  }
}

export function validatePcm(audio: PcmAudio, what = 'audio'): void {
  validateFormat(audio.sampleRate, audio.channels, what);
  if (audio.samples.length % audio.channels !== 0) {
    throw new AppError(
      'validation_error',
      `${what}: ${audio.samples.length} samples is not a whole number of ${audio.channels}-channel frames`,
    );
  }
}

export function frameCount(audio: PcmAudio): number {
  return Math.floor(audio.samples.length / audio.channels);
}

export function durationSeconds(audio: PcmAudio): number {
  return frameCount(audio) / audio.sampleRate;
}

/** One Float32Array per channel (planar), e.g. for models that take [channels][frames]. */
export function deinterleave(audio: PcmAudio): Float32Array[] {
  const frames = frameCount(audio);
  const { channels, samples } = audio;
  const planes = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let c = 0; c < channels; c++) {
    const plane = planes[c]!;
    for (let f = 0, i = c; f < frames; f++, i += channels) plane[f] = samples[i]!;
  }
  return planes;
}

/** The inverse of deinterleave; every plane must have the same length. */
export function interleave(planes: Float32Array[], sampleRate: number): PcmAudio {
  const channels = planes.length;
  validateFormat(sampleRate, channels);
  const frames = planes[0]!.length;
  if (planes.some((p) => p.length !== frames)) {
    throw new AppError('validation_error', 'interleave: channel planes differ in length');
  }
  const samples = new Float32Array(frames * channels);
  for (let c = 0; c < channels; c++) {
    const plane = planes[c]!;
    for (let f = 0, i = c; f < frames; f++, i += channels) samples[i] = plane[f]!;
  }
  return { sampleRate, channels, samples };
}

/**
 * Mono mix by averaging the channels. Averaging (not ffmpeg's default −3 dB pan law) keeps the
 * level of dual-mono speech unchanged and can never clip.
 */
export function mixToMono(audio: PcmAudio): Float32Array {
  const { channels, samples } = audio;
  if (channels === 1) return samples;
  const frames = frameCount(audio);
  const mono = new Float32Array(frames);
  for (let f = 0, i = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++, i++) sum += samples[i]!;
    mono[f] = sum / channels;
  }
  return mono;
}

/** A byte view (no copy) of Float32 samples, as ffmpeg's `-f f32le` input expects. */
export function float32Bytes(samples: Float32Array): Uint8Array {
  assertLittleEndian();
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

/**
 * Collects f32le bytes arriving in arbitrary chunks into one Float32Array. Capacity starts at an
 * estimate (from the probed duration) and grows by 1.5× when exceeded, so a decode copies each
 * byte about once instead of concatenating chunk lists (or worse, re-concatenating per chunk).
 */
export class Float32Collector {
  private buffer: ArrayBuffer;
  private bytes: Uint8Array;
  private length = 0;

  constructor(estimatedSamples = 0) {
    assertLittleEndian();
    const initial = Math.max(16_384, Math.ceil(estimatedSamples * 1.02) + 4096);
    this.buffer = new ArrayBuffer(initial * 4);
    this.bytes = new Uint8Array(this.buffer);
  }

  push(chunk: Uint8Array): void {
    const needed = this.length + chunk.byteLength;
    if (needed > this.bytes.byteLength) {
      const grown = new ArrayBuffer(Math.max(needed, Math.ceil(this.bytes.byteLength * 1.5)));
      const grownBytes = new Uint8Array(grown);
      grownBytes.set(this.bytes.subarray(0, this.length));
      this.buffer = grown;
      this.bytes = grownBytes;
    }
    this.bytes.set(chunk, this.length);
    this.length = needed;
  }

  /** Whole frames collected so far as Float32; trailing partial bytes (never expected) dropped. */
  finish(channels: number): Float32Array {
    const frames = Math.floor(this.length / (4 * channels));
    const samples = frames * channels;
    // Give back the slack when the estimate was generous, so callers do not hold dead memory.
    if (samples * 4 < this.buffer.byteLength * 0.9) {
      return new Float32Array(this.buffer.slice(0, samples * 4));
    }
    return new Float32Array(this.buffer, 0, samples);
  }
}

/**
 * Regroups f32le bytes from a pipe (chunks of any size and alignment) into aligned Float32Arrays
 * of `chunkFrames` whole frames (the last may be shorter). Each yielded array has its own
 * buffer, so a consumer may keep it.
 */
export async function* f32Frames(
  source: AsyncIterable<Uint8Array>,
  channels: number,
  chunkFrames: number,
): AsyncGenerator<Float32Array, void, undefined> {
  assertLittleEndian();
  const frameBytes = 4 * channels;
  const chunkBytes = chunkFrames * frameBytes;
  let staging = new Uint8Array(chunkBytes);
  let fill = 0;
  for await (const bytes of source) {
    for (let offset = 0; offset < bytes.byteLength;) {
      const n = Math.min(chunkBytes - fill, bytes.byteLength - offset);
      staging.set(bytes.subarray(offset, offset + n), fill);
      fill += n;
      offset += n;
      if (fill === chunkBytes) {
        yield new Float32Array(staging.buffer);
        staging = new Uint8Array(chunkBytes);
        fill = 0;
      }
    }
  }
  const frames = Math.floor(fill / frameBytes);
  if (frames > 0) yield new Float32Array(staging.buffer, 0, frames * channels);
}
