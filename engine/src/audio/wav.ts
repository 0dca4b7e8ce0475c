/**
 * Pure WAV (RIFF) read and write, for fast paths that need no ffmpeg (TTS output, test signals,
 * model input). Writes 16-bit PCM or 32-bit float; reads 8/16/24/32-bit PCM and 32/64-bit
 * float, plain or WAVE_FORMAT_EXTENSIBLE, any channel count. Anything else: decode.ts.
 *
 * Integer ↔ float scaling is ffmpeg's (x / 2^(bits-1), and back with ties-to-even rounding and
 * clipping), so both code paths turn the same float into the same 16-bit value.
 */
import fs from 'node:fs/promises';
import { AppError } from '../errors.ts';
import { frameCount, validatePcm } from './pcm.ts';
import type { PcmAudio } from './types.ts';

export type WavWriteFormat = 's16' | 'f32';
export type WavSampleFormat = 'u8' | 's16' | 's24' | 's32' | 'f32' | 'f64';

export interface WavAudio extends PcmAudio {
  /** How the samples were stored in the file. */
  format: WavSampleFormat;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;

/** Rounds like C's lrintf (ties to even), as ffmpeg does; Math.round sends ties up. */
function roundHalfEven(value: number): number {
  const rounded = Math.round(value);
  return rounded - value === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
}

export function encodeWav(audio: PcmAudio, format: WavWriteFormat = 's16'): Uint8Array {
  validatePcm(audio, 'encodeWav');
  const { sampleRate, channels, samples } = audio;
  const bytesPerSample = format === 's16' ? 2 : 4;
  const dataBytes = frameCount(audio) * channels * bytesPerSample;
  if (dataBytes > 0xffffffff - 44) {
    throw new AppError('validation_error', 'encodeWav: over 4 GiB does not fit a WAV file');
  }
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, format === 's16' ? FORMAT_PCM : FORMAT_FLOAT, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * bytesPerSample, true);
  view.setUint16(32, channels * bytesPerSample, true);
  view.setUint16(34, bytesPerSample * 8, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  const count = frameCount(audio) * channels;
  if (format === 's16') {
    for (let i = 0, o = 44; i < count; i++, o += 2) {
      const scaled = roundHalfEven(samples[i]! * 32768);
      view.setInt16(o, scaled > 32767 ? 32767 : scaled < -32768 ? -32768 : scaled, true);
    }
  } else {
    for (let i = 0, o = 44; i < count; i++, o += 4) view.setFloat32(o, samples[i]!, true);
  }
  return out;
}

function invalid(message: string): AppError {
  return new AppError('invalid_audio', `not a readable WAV file: ${message}`);
}

function sampleFormat(code: number, bits: number): WavSampleFormat {
  if (code === FORMAT_PCM) {
    if (bits === 8) return 'u8';
    if (bits === 16) return 's16';
    if (bits === 24) return 's24';
    if (bits === 32) return 's32';
  }
  if (code === FORMAT_FLOAT) {
    if (bits === 32) return 'f32';
    if (bits === 64) return 'f64';
  }
  throw new AppError(
    'unsupported_media',
    `WAV sample format ${code} with ${bits} bits is not supported here; decode it with ffmpeg`,
  );
}

export function decodeWav(bytes: Uint8Array): WavAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number): string =>
    String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') {
    throw invalid('no RIFF/WAVE header');
  }
  let fmt: { format: WavSampleFormat; channels: number; sampleRate: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.byteLength) throw invalid('short fmt chunk');
      let code = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const bits = view.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format code in the first two bytes of its GUID.
      if (code === FORMAT_EXTENSIBLE && size >= 40) code = view.getUint16(body + 24, true);
      if (channels < 1 || sampleRate < 1) throw invalid('zero channels or sample rate');
      fmt = { format: sampleFormat(code, bits), channels, sampleRate };
    } else if (id === 'data') {
      if (!fmt) throw invalid('data chunk before fmt chunk');
      // Streamed WAVs (ffmpeg to a pipe) leave the size at 0 or 0xFFFFFFFF: read what is there.
      const available = bytes.byteLength - body;
      const length = size === 0 || size > available ? available : size;
      return { ...fmt, samples: readSamples(view, body, length, fmt.format, fmt.channels) };
    }
    offset = body + size + (size % 2); // chunks are padded to an even length
  }
  throw invalid(fmt ? 'no data chunk' : 'no fmt chunk');
}

function readSamples(
  view: DataView,
  start: number,
  length: number,
  format: WavSampleFormat,
  channels: number,
): Float32Array {
  const width = { u8: 1, s16: 2, s24: 3, s32: 4, f32: 4, f64: 8 }[format];
  const count = Math.floor(length / (width * channels)) * channels;
  const out = new Float32Array(count);
  for (let i = 0, o = start; i < count; i++, o += width) {
    switch (format) {
      case 'u8':
        out[i] = (view.getUint8(o) - 128) / 128;
        break;
      case 's16':
        out[i] = view.getInt16(o, true) / 32768;
        break;
      case 's24': {
        const value = view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16);
        out[i] = value / 8388608;
        break;
      }
      case 's32':
        out[i] = view.getInt32(o, true) / 2147483648;
        break;
      case 'f32':
        out[i] = view.getFloat32(o, true);
        break;
      case 'f64':
        out[i] = view.getFloat64(o, true);
        break;
    }
  }
  return out;
}

export async function readWavFile(file: string): Promise<WavAudio> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(file);
  } catch (error) {
    throw new AppError('validation_error', `cannot read ${file}`, { cause: error });
  }
  return decodeWav(bytes);
}

export async function writeWavFile(
  file: string,
  audio: PcmAudio,
  format: WavWriteFormat = 's16',
): Promise<void> {
  await fs.writeFile(file, encodeWav(audio, format));
}
