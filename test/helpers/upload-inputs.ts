/**
 * Hostile uploads made at test time, never committed (issue 25): ten hours of silence as FLAC
 * (16 kHz mono in 65,535-sample frames, about 150 KB, a few seconds of ffmpeg), a plain-text
 * "manuscript" that is one line of random words, and a WAV whose header claims 65,535 channels.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { systemFfmpeg } from './audio-fixtures.ts';

const run = promisify(execFile);

export async function writeSilentFlac(file: string, hours: number): Promise<void> {
  await run(systemFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono:nb_samples=65535'],
    ...['-t', String(hours * 3600), '-c:a', 'flac', '-compression_level', '0'],
    ...['-frame_size', '65535', file],
  ]);
}

/** `mib` MiB of words and spaces without a single line break. */
export function writeOneLineText(file: string, mib: number): void {
  const words = ['harbour', 'quiet', 'morning', 'Anna', 'said', 'the', 'of', 'lantern', 'and'];
  const line = Buffer.from(
    Array.from({ length: 1 << 16 }, (_, i) => words[(i * 7 + (i >> 3)) % words.length]).join(' ') +
      ' ',
  );
  const out = fs.openSync(file, 'w');
  try {
    let written = 0;
    while (written < mib * 1024 * 1024) {
      const part = line.subarray(0, Math.min(line.length, mib * 1024 * 1024 - written));
      fs.writeSync(out, part);
      written += part.length;
    }
  } finally {
    fs.closeSync(out);
  }
}

/** A WAV header claiming `channels` channels of 16-bit audio at 44.1 kHz, then a little data. */
export function writeWavClaimingChannels(file: string, channels: number): void {
  const data = Buffer.alloc(channels * 2 * 20);
  const blockAlign = (channels * 2) & 0xffff;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE((44_100 * channels * 2) >>> 0, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
}
