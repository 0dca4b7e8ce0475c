/**
 * Text progress for `npm run models`: a redrawn bar on a terminal, plain percentage lines when
 * stderr is a file or a pipe (CI logs, the Electron supervisor), so logs stay readable.
 */
import type { InstallProgress, ProgressListener } from './model-install.ts';

export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

export function percent(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.floor((done / total) * 100));
}

export function progressBar(done: number, total: number, width = 28): string {
  const filled = Math.round((percent(done, total) / 100) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

const VERBS = {
  download: 'downloading',
  copy: 'copying',
  unpack: 'unpacking',
  verify: 'verifying',
} as const;

/** "42 s", "3 min 05 s", "1 h 02 min": time left, to the second under an hour. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** "12.0 MB/s, 42 s left" when both are known; the parts known; or nothing. */
export function speedAndEta(p: Pick<InstallProgress, 'bytesPerSecond' | 'etaSeconds'>): string {
  const parts: string[] = [];
  if (p.bytesPerSecond !== null) parts.push(`${formatBytes(Math.round(p.bytesPerSecond))}/s`);
  if (p.etaSeconds !== null) parts.push(`${formatDuration(p.etaSeconds)} left`);
  return parts.join(', ');
}

/** One line describing where an install or verify stands (no trailing newline). */
export function progressLine(p: InstallProgress, tty: boolean): string {
  const pct = `${percent(p.bytesDone, p.bytesTotal)}%`.padStart(4);
  const rate = speedAndEta(p);
  const amount = `${formatBytes(p.bytesDone)} / ${formatBytes(p.bytesTotal)}${rate ? ` (${rate})` : ''}`;
  const file = `${p.file} (${p.fileIndex + 1}/${p.fileCount})`;
  if (tty)
    return `${p.packId} ${progressBar(p.bytesDone, p.bytesTotal)} ${pct}  ${amount}  ${file}`;
  return `${p.packId}: ${VERBS[p.phase]} ${pct.trim()}  ${amount}  ${file}`;
}

export interface ProgressSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressReporter {
  onProgress: ProgressListener;
  /** Ends the current bar (newline on a TTY); call when a pack finishes or fails. */
  finish(): void;
}

/**
 * On a TTY: one line redrawn at most every `intervalMs` (and always at 100%).
 * Otherwise: a line at each `step` percent of each pack, and at each new file.
 */
export function createProgressReporter(
  sink: ProgressSink,
  options: { intervalMs?: number; step?: number; now?: () => number } = {},
): ProgressReporter {
  const tty = sink.isTTY === true;
  const intervalMs = options.intervalMs ?? 100;
  const step = options.step ?? 10;
  const now = options.now ?? Date.now;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastKey = '';
  let drawn = false;

  const onProgress: ProgressListener = (p) => {
    const pct = percent(p.bytesDone, p.bytesTotal);
    if (tty) {
      const t = now();
      if (t - lastDraw < intervalMs && pct < 100) return;
      lastDraw = t;
      drawn = true;
      sink.write(`\r\x1b[K${progressLine(p, true)}`);
      return;
    }
    const key = `${p.packId}|${p.phase}|${p.fileIndex}|${Math.floor(pct / step)}`;
    if (key === lastKey) return;
    lastKey = key;
    sink.write(`${progressLine(p, false)}\n`);
  };

  return {
    onProgress,
    finish() {
      if (tty && drawn) sink.write('\n');
      drawn = false;
      lastDraw = Number.NEGATIVE_INFINITY;
      lastKey = '';
    },
  };
}
