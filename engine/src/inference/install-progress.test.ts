import { describe, expect, it } from 'vitest';
import {
  createProgressReporter,
  formatBytes,
  progressBar,
  progressLine,
} from './install-progress.ts';
import type { InstallProgress } from './model-install.ts';

function at(bytesDone: number, overrides: Partial<InstallProgress> = {}): InstallProgress {
  return {
    packId: 'basic-pitch',
    file: 'nmp.onnx',
    fileIndex: 0,
    fileCount: 2,
    fileBytesDone: bytesDone,
    fileBytesTotal: 1000,
    bytesDone,
    bytesTotal: 1000,
    phase: 'download',
    bytesPerSecond: null,
    etaSeconds: null,
    ...overrides,
  };
}

function sink(isTTY: boolean): { write: (t: string) => void; isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  return { write: (t) => chunks.push(t), isTTY, text: () => chunks.join('') };
}

describe('formatting', () => {
  it('formats sizes in SI units', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(230_444)).toBe('230.4 kB');
    expect(formatBytes(8_600_000)).toBe('8.60 MB');
    expect(formatBytes(1_500_000_000)).toBe('1.50 GB');
  });

  it('draws a bar proportional to progress', () => {
    expect(progressBar(0, 100, 10)).toBe('[----------]');
    expect(progressBar(50, 100, 10)).toBe('[#####-----]');
    expect(progressBar(100, 100, 10)).toBe('[##########]');
    expect(progressBar(0, 0, 4)).toBe('[####]');
  });

  it('writes a plain line for logs', () => {
    expect(progressLine(at(420), false)).toBe(
      'basic-pitch: downloading 42%  420 B / 1.00 kB  nmp.onnx (1/2)',
    );
  });
});

describe('createProgressReporter', () => {
  it('prints one plain line per 10% step when not a terminal', () => {
    const out = sink(false);
    const reporter = createProgressReporter(out);
    for (let done = 0; done <= 1000; done += 25) reporter.onProgress(at(done));
    reporter.finish();
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toContain(' 0% ');
    expect(lines.at(-1)).toContain(' 100% ');
    expect(out.text()).not.toContain('\r');
  });

  it('redraws one line on a terminal, throttled, always showing 100%', () => {
    const out = sink(true);
    let clock = 0;
    const reporter = createProgressReporter(out, { intervalMs: 100, now: () => clock });
    for (let done = 0; done <= 1000; done += 100) {
      clock += 30;
      reporter.onProgress(at(done));
    }
    reporter.finish();
    const draws = out.text().split('\r').filter(Boolean);
    expect(draws.length).toBeGreaterThan(1);
    expect(draws.length).toBeLessThan(11);
    expect(draws.at(-1)).toContain('[############################] 100%');
    expect(out.text().endsWith('\n')).toBe(true);
  });
});
