/**
 * Pure parsers for what ffmpeg prints about its progress. Two sources, because a process whose
 * stdout carries audio (decode to `pipe:1`) cannot also carry `-progress pipe:1`:
 *
 * 1. `-progress pipe:1 -nostats`: blocks of `key=value` lines, each ended by
 *    `progress=continue` or `progress=end`. Machine-readable and stable across versions.
 * 2. stderr: the input's `  Duration: 00:01:02.34, start: …` line and the stats line
 *    `size=… time=00:00:01.23 bitrate=… speed=1.2x`, rewritten in place with `\r`.
 *
 * Tested on real output captured from ffmpeg 4.1 and 5.1 (fixtures/*.txt).
 */

/** `HH:MM:SS.frac` (hours may exceed 24, sign allowed) → seconds; null for `N/A` or garbage. */
export function parseTimestamp(text: string): number | null {
  const match = /^(-)?(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? -seconds : seconds;
}

/** `1.23x`, ` 216x`, `1.5e+03x` → multiple of real time; null for `N/A`. */
export function parseSpeed(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?(?:e[+-]?\d+)?)x\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}

/** The input's duration from `  Duration: 00:01:02.34, start: …`; null for other lines and `N/A`. */
export function parseDurationLine(line: string): number | null {
  const match = /^\s*Duration:\s*([^,\s]+)/.exec(line);
  return match ? parseTimestamp(match[1]!) : null;
}

export interface StatsLine {
  /** Output time; null while ffmpeg still prints `time=N/A`. */
  seconds: number | null;
  speed: number | null;
}

/** The stderr stats line (`size=… time=… bitrate=… speed=…`, also `frame=…` for video). */
export function parseStatsLine(line: string): StatsLine | null {
  const time = /(?:^|\s)time=\s*(\S+)/.exec(line);
  if (!time) return null;
  const speed = /(?:^|\s)speed=\s*(\S+)/.exec(line);
  const seconds = parseTimestamp(time[1]!);
  return {
    seconds: seconds === null ? null : Math.max(0, seconds),
    speed: speed ? parseSpeed(speed[1]!) : null,
  };
}

export interface ProgressBlock {
  /** Output time; null when every time field still says `N/A`. */
  seconds: number | null;
  speed: number | null;
  /** `progress=end`: ffmpeg finished writing. */
  end: boolean;
  fields: Record<string, string>;
}

/**
 * Reads one `-progress` block. Time preference: `out_time_us`, then `out_time_ms`, which despite
 * its name is ALSO in microseconds (ffmpeg trac #7345, kept for compatibility), then `out_time`.
 */
export function parseProgressBlock(fields: Record<string, string>): ProgressBlock {
  const micros = (value: string | undefined): number | null => {
    if (value === undefined || !/^-?\d+$/.test(value.trim())) return null;
    return Math.max(0, Number(value) / 1e6);
  };
  const fromText = fields.out_time === undefined ? null : parseTimestamp(fields.out_time);
  const seconds =
    micros(fields.out_time_us) ??
    micros(fields.out_time_ms) ??
    (fromText === null ? null : Math.max(0, fromText));
  return {
    seconds,
    speed: fields.speed === undefined ? null : parseSpeed(fields.speed),
    end: fields.progress === 'end',
    fields,
  };
}

/** Accumulates `key=value` lines and returns a block each time a `progress=` line closes one. */
export class ProgressBlockReader {
  private fields: Record<string, string> = {};

  push(line: string): ProgressBlock | null {
    const eq = line.indexOf('=');
    if (eq <= 0) return null;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    this.fields[key] = value;
    if (key !== 'progress') return null;
    const block = parseProgressBlock(this.fields);
    this.fields = {};
    return block;
  }
}

/** Every block in a captured `-progress` text. */
export function parseProgressOutput(text: string): ProgressBlock[] {
  const reader = new ProgressBlockReader();
  const blocks: ProgressBlock[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const block = reader.push(line);
    if (block) blocks.push(block);
  }
  return blocks;
}

/**
 * Splits streamed text into lines. `\r` ends a line too: ffmpeg redraws its stats line with a
 * bare carriage return, and each redraw is one report.
 */
export class LineSplitter {
  private rest = '';

  push(chunk: string): string[] {
    const parts = (this.rest + chunk).split(/\r\n|\r|\n/);
    this.rest = parts.pop() ?? '';
    return parts.filter((line) => line.length > 0);
  }

  flush(): string[] {
    const last = this.rest;
    this.rest = '';
    return last.length > 0 ? [last] : [];
  }
}

/** seconds / total clamped to 0..1, or null when the total is unknown or zero. */
export function progressFraction(seconds: number, totalSeconds: number | null): number | null {
  if (totalSeconds === null || !(totalSeconds > 0)) return null;
  return Math.min(1, Math.max(0, seconds / totalSeconds));
}
