/**
 * An ACX check for tests that shares no code with the exporter: ffmpeg's own `astats` (RMS per
 * 10 ms window and over the file), `ebur128` (true peak), the probe line (codec, rate, channels,
 * bitrate) and `framecrc` packet sizes (CBR: every 192 kbps frame at 44.1 kHz is 626 or 627
 * bytes), run directly with child_process. Noise floor = 10th percentile of 50 ms window RMS,
 * head/tail = quiet (< −50 dB) 10 ms windows at the ends, as docs/api/export.md defines them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface IndependentLevels {
  codec: string;
  sampleRate: number;
  channels: string;
  bitrateKbps: number;
  frameSizes: Set<number>;
  rmsDb: number;
  truePeakDb: number;
  noiseFloorDb: number;
  headSeconds: number;
  tailSeconds: number;
  durationSeconds: number;
  tags: Record<string, string>;
}

/** stdout and stderr of one ffmpeg run (it reports on stderr, `file=-` prints to stdout). */
function run(ffmpeg: string, args: string[]): string {
  const result = spawnSync(ffmpeg, ['-hide_banner', '-nostats', ...args], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  return `${result.stdout}\n${result.stderr}`;
}

export function independentCheck(ffmpeg: string, file: string): IndependentLevels {
  const probe = run(ffmpeg, ['-i', file]);
  const stream = /Audio: (\w+), (\d+) Hz, (\w+), \w+, (\d+) kb\/s/.exec(probe);
  const tags: Record<string, string> = {};
  for (const m of probe.matchAll(/^\s{4}(\w+)\s*: (.*)$/gm)) tags[m[1]!.toLowerCase()] ??= m[2]!;
  const frames = run(ffmpeg, ['-i', file, '-map', '0:a', '-c:a', 'copy', '-f', 'framecrc', '-']);
  const frameSizes = new Set<number>();
  for (const line of frames.split('\n')) {
    const cols = line.split(',').map((c) => c.trim());
    if (cols.length >= 6 && /^\d+$/.test(cols[0]!)) frameSizes.add(Number(cols[4]));
  }
  // 10 ms windows (441 samples at 44.1 kHz): each window's RMS printed by ametadata.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acx-check-'));
  const log = path.join(dir, 'windows.txt');
  run(ffmpeg, [
    ...['-i', file, '-af'],
    'aresample=44100,asetnsamples=n=441:p=0,astats=metadata=1:reset=1,' +
      `ametadata=print:key=lavfi.astats.Overall.RMS_level:file=${log.replace(/([\\:'])/g, '\\$1')}`,
    ...['-f', 'null', '-'],
  ]);
  const windows = [
    ...fs.readFileSync(log, 'utf8').matchAll(/lavfi\.astats\.Overall\.RMS_level=(-?[\d.]+|-inf)/g),
  ].map((m) => (m[1] === '-inf' ? -200 : Number(m[1])));
  fs.rmSync(dir, { recursive: true, force: true });
  const stats = run(ffmpeg, ['-i', file, '-af', 'astats', '-f', 'null', '-']);
  const overall = /Overall[\s\S]*?RMS level dB: (-?[\d.]+)/.exec(stats);
  const loudness = run(ffmpeg, [
    ...['-i', file, '-af', 'aresample=48000,ebur128=peak=true:framelog=verbose'],
    ...['-f', 'null', '-'],
  ]);
  const summary = loudness.slice(loudness.lastIndexOf('Summary:'));
  const truePeak = /True peak:\s*\n\s*Peak:\s*(-?[\d.]+|-inf)/.exec(summary);
  const fifty: number[] = [];
  for (let i = 0; i + 5 <= windows.length; i += 5) {
    const ms = windows.slice(i, i + 5).reduce((s, db) => s + 10 ** (db / 10), 0) / 5;
    fifty.push(10 * Math.log10(ms));
  }
  fifty.sort((a, b) => a - b);
  const loud = windows.map((db) => db > -50);
  const first = loud.indexOf(true);
  const last = loud.lastIndexOf(true);
  return {
    codec: stream?.[1] ?? '',
    sampleRate: Number(stream?.[2] ?? 0),
    channels: stream?.[3] ?? '',
    bitrateKbps: Number(stream?.[4] ?? 0),
    frameSizes,
    rmsDb: Number(overall?.[1] ?? Number.NaN),
    truePeakDb: truePeak ? Number(truePeak[1]) : Number.NaN,
    noiseFloorDb: fifty[Math.max(0, Math.ceil(fifty.length * 0.1) - 1)] ?? Number.NaN,
    headSeconds: first * 0.01,
    tailSeconds: (windows.length - 1 - last) * 0.01,
    durationSeconds: windows.length * 0.01,
    tags,
  };
}
