/**
 * Audio made at test time with the real ffmpeg (never committed): sines and noise at known
 * levels, so measured numbers can be checked against the physics.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function systemFfmpeg(): string {
  for (const candidate of [
    process.env.TAPEHOUSE_FFMPEG,
    '/usr/bin/ffmpeg',
    '/usr/local/bin/ffmpeg',
  ]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(
    'ffmpeg is required for this test but was not found (install Debian package "ffmpeg")',
  );
}

/**
 * A mono 440 Hz sine WAV at amplitude 0.5 (−6.02 dBFS peak, −9.03 dBFS RMS). aevalsrc, not
 * lavfi's `sine`, because `sine` generates at 1/8 full scale.
 */
export function makeSineWav(
  dir: string,
  name: string,
  seconds: number,
  sampleRate = 16_000,
): string {
  const out = path.join(dir, name);
  execFileSync(systemFfmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=0.5*sin(2*PI*440*t):s=${sampleRate}:d=${seconds}`,
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    out,
  ]);
  return out;
}
