import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LineSplitter,
  ProgressBlockReader,
  parseDurationLine,
  parseProgressOutput,
  parseSpeed,
  parseStatsLine,
  parseTimestamp,
  progressFraction,
} from './ffmpeg-progress.ts';

const fixture = (name: string): string =>
  fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

const VERSIONS = ['5.1', '4.1'];

describe('timestamps and speeds', () => {
  it('parses ffmpeg timestamps, including negative and N/A', () => {
    expect(parseTimestamp('00:01:02.34')).toBeCloseTo(62.34, 9);
    expect(parseTimestamp('00:00:01.516168')).toBeCloseTo(1.516168, 9);
    expect(parseTimestamp('100:00:00.00')).toBe(360000);
    expect(parseTimestamp('-00:00:00.02')).toBeCloseTo(-0.02, 9);
    expect(parseTimestamp('N/A')).toBeNull();
    expect(parseTimestamp('1:2')).toBeNull();
  });

  it('parses speeds as printed (padded, scientific, N/A)', () => {
    expect(parseSpeed(' 216x')).toBe(216);
    expect(parseSpeed('0.997x')).toBe(0.997);
    expect(parseSpeed('1.5e+03x')).toBe(1500);
    expect(parseSpeed('N/A')).toBeNull();
  });

  it('computes clamped fractions', () => {
    expect(progressFraction(5, 10)).toBe(0.5);
    expect(progressFraction(12, 10)).toBe(1);
    expect(progressFraction(5, null)).toBeNull();
    expect(progressFraction(5, 0)).toBeNull();
  });
});

describe.each(VERSIONS)('-progress pipe:1 output of ffmpeg %s', (version) => {
  const blocks = parseProgressOutput(fixture(`progress-pipe-ffmpeg${version}.txt`));

  it('splits into blocks ending with progress=end', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(blocks.slice(0, -1).every((b) => !b.end)).toBe(true);
    expect(blocks.at(-1)!.end).toBe(true);
  });

  it('reads increasing output times up to the 2.2 s encoded', () => {
    const seconds = blocks.map((b) => b.seconds);
    expect(seconds.every((s) => s !== null)).toBe(true);
    for (let i = 1; i < seconds.length; i++)
      expect(seconds[i]!).toBeGreaterThanOrEqual(seconds[i - 1]!);
    expect(seconds.at(-1)!).toBeCloseTo(2.2, 1);
  });

  it('reads the speed (-re runs at real time)', () => {
    const last = blocks.at(-1)!;
    expect(last.speed).not.toBeNull();
    expect(last.speed!).toBeGreaterThan(0.5);
    expect(last.speed!).toBeLessThan(2);
  });
});

describe('progress blocks', () => {
  it('treats out_time_ms as microseconds and falls back when fields are N/A', () => {
    const reader = new ProgressBlockReader();
    for (const line of ['out_time_us=N/A', 'out_time_ms=1500000', 'out_time=00:00:01.500000']) {
      expect(reader.push(line)).toBeNull();
    }
    expect(reader.push('progress=continue')).toMatchObject({ seconds: 1.5, end: false });
    reader.push('out_time_us=N/A');
    reader.push('out_time_ms=N/A');
    reader.push('out_time=00:00:02.250000');
    expect(reader.push('progress=end')).toMatchObject({ seconds: 2.25, end: true });
    reader.push('out_time=N/A');
    expect(reader.push('progress=continue')?.seconds).toBeNull();
  });
});

describe.each(VERSIONS)('stderr of a decode by ffmpeg %s', (version) => {
  const text = fixture(`stderr-decode-ffmpeg${version}.txt`);

  // Feed the text in awkward pieces, as a pipe would deliver it.
  const lines: string[] = [];
  const splitter = new LineSplitter();
  for (let i = 0; i < text.length; i += 7) lines.push(...splitter.push(text.slice(i, i + 7)));
  lines.push(...splitter.flush());

  it('finds the input duration', () => {
    const durations = lines.map(parseDurationLine).filter((d) => d !== null);
    expect(durations).toEqual([3.03]);
  });

  it('reads every \\r-separated stats report, ending at the decoded length', () => {
    const stats = lines.map(parseStatsLine).filter((s) => s !== null);
    expect(stats.length).toBeGreaterThanOrEqual(4);
    const times = stats.map((s) => s.seconds!);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    expect(times.at(-1)).toBeCloseTo(3.0, 2);
    expect(stats.at(-1)!.speed).toBeGreaterThan(0.5);
  });

  it('ignores lines that are not stats', () => {
    const header = lines.filter((l) => /Stream #|Metadata|Duration|encoder/.test(l));
    expect(header.length).toBeGreaterThan(3);
    expect(header.every((l) => parseStatsLine(l) === null)).toBe(true);
    expect(
      parseStatsLine('  Duration: 00:00:03.03, start: 0.025057, bitrate: 193 kb/s'),
    ).toBeNull();
    expect(parseStatsLine('size=N/A time=N/A bitrate=N/A speed=N/A')).toEqual({
      seconds: null,
      speed: null,
    });
  });
});

describe('parseDurationLine', () => {
  it('reads N/A as unknown', () => {
    expect(parseDurationLine('  Duration: N/A, bitrate: N/A')).toBeNull();
    expect(parseDurationLine('  Duration: 01:00:00.50, start: 0.000000')).toBe(3600.5);
  });
});
