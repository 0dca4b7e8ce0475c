/**
 * Test support for the audio core: the ffmpeg the tests run (a missing ffmpeg FAILS the tests,
 * naming it; it is never a skip), audio generated at test time with ffmpeg's lavfi sources or
 * in JS, and process checks. Generation calls ffmpeg directly (not through ffmpeg-run.ts) so a
 * bug in the code under test cannot also break its fixtures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resolveFfmpeg, type FfmpegInfo } from './ffmpeg-locate.ts';
import type { Ffmpeg, PcmAudio } from './types.ts';

let cached: Promise<FfmpegInfo> | null = null;

/** TAPEHOUSE_FFMPEG if set, else the engine's own resolution order. */
export function testFfmpeg(): Promise<FfmpegInfo> {
  cached ??= resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null }).catch(
    (error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`ffmpeg is required by the audio tests and was not found. ${why}`);
    },
  );
  return cached;
}

/** Runs `ffmpeg -y <args> <out>` quietly and returns `out`. */
export function generate(ffmpeg: Ffmpeg, out: string, args: string[]): string {
  execFileSync(
    ffmpeg.path,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args, out],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return out;
}

/** lavfi expression source of `amplitude·sin(2π·freq·t)`, exact amplitude (lavfi `sine` is 1/8). */
export function sineSource(options: {
  freq?: number;
  amplitude?: number;
  seconds: number;
  rate?: number;
}): string[] {
  const { freq = 440, amplitude = 0.5, seconds, rate = 44100 } = options;
  return ['-f', 'lavfi', '-i', `aevalsrc=${amplitude}*sin(2*PI*${freq}*t):s=${rate}:d=${seconds}`];
}

/** A tiny moving test picture, for containers that need a video stream. */
export function videoSource(seconds: number): string[] {
  return ['-f', 'lavfi', '-i', `testsrc=s=32x32:r=5:d=${seconds}`];
}

/** Interleaved sine in JS: every channel the same. */
export function sinePcm(options: {
  freq?: number;
  amplitude?: number;
  seconds: number;
  rate?: number;
  channels?: number;
}): PcmAudio {
  const { freq = 440, amplitude = 0.5, seconds, rate = 44100, channels = 1 } = options;
  const frames = Math.round(seconds * rate);
  const samples = new Float32Array(frames * channels);
  for (let f = 0; f < frames; f++) {
    const v = amplitude * Math.sin((2 * Math.PI * freq * f) / rate);
    for (let c = 0; c < channels; c++) samples[f * channels + c] = v;
  }
  return { sampleRate: rate, channels, samples };
}

/** Deterministic white noise (uniform) with the given RMS level in dBFS. */
export function noisePcm(seconds: number, rmsDb: number, rate = 44100, seed = 1): Float32Array {
  const frames = Math.round(seconds * rate);
  const out = new Float32Array(frames);
  // Uniform on [-a, a] has RMS a/√3.
  const a = Math.sqrt(3) * 10 ** (rmsDb / 20);
  let state = seed >>> 0;
  for (let i = 0; i < frames; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = (state / 0x100000000) * 2 * a - a;
  }
  return out;
}

/** RMS in dBFS over samples [from, to) of one channel (or all when channel is omitted). */
export function rmsDb(
  audio: PcmAudio,
  fromSeconds = 0,
  toSeconds = Infinity,
  channel?: number,
): number {
  const { channels, samples, sampleRate } = audio;
  const frames = samples.length / channels;
  const first = Math.floor(fromSeconds * sampleRate);
  const end = Math.min(frames, Math.floor(toSeconds * sampleRate));
  let sum = 0;
  let count = 0;
  for (let f = first; f < end; f++) {
    for (let c = 0; c < channels; c++) {
      if (channel !== undefined && c !== channel) continue;
      const x = samples[f * channels + c]!;
      sum += x * x;
      count++;
    }
  }
  return 10 * Math.log10(sum / count);
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until `pid` has exited (zombies are reaped by Node on exit), up to `ms`. */
export async function waitForExit(pid: number, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !isProcessAlive(pid);
}

export function listDir(dir: string): string[] {
  return fs.readdirSync(dir).map((name) => path.join(dir, name));
}

/** Sample-exact equality (0 equals -0); a loop, as vitest's deep equality is slow on big arrays. */
export function sameSamples(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
