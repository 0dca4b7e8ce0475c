import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { AppError, CancelledError } from '../errors.ts';
import type { FfmpegInfo } from './ffmpeg-locate.ts';
import { killAllFfmpeg, runFfmpeg, runningFfmpegPids, startFfmpeg } from './ffmpeg-run.ts';
import { float32Bytes } from './pcm.ts';
import { generate, sineSource, sinePcm, testFfmpeg, waitForExit } from './test-signals.ts';
import type { FfmpegProgress } from './types.ts';

/** `-re` makes ffmpeg read at real time: a run of known length that reports progress. */
const realTime = (seconds: number): string[] => [
  '-re',
  '-f',
  'lavfi',
  '-i',
  `sine=f=440:d=${seconds}`,
  '-f',
  'null',
  '-',
];

describe('runFfmpeg / startFfmpeg', () => {
  let ffmpeg: FfmpegInfo;
  const temp = makeTempDir('tapehouse-run-');
  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
  });
  afterAll(() => temp.cleanup());

  it('reports progress from -progress pipe:1, ending at fraction 1', async () => {
    const reports: Array<[number, FfmpegProgress]> = [];
    await runFfmpeg(ffmpeg, realTime(1.2), {
      totalSeconds: 1.2,
      onProgress: (fraction, progress) => reports.push([fraction, progress]),
    });
    expect(reports.length).toBeGreaterThanOrEqual(2);
    const fractions = reports.map(([f]) => f);
    for (let i = 1; i < fractions.length; i++)
      expect(fractions[i]!).toBeGreaterThanOrEqual(fractions[i - 1]!);
    expect(fractions[0]!).toBeLessThan(1);
    expect(reports.at(-1)![1]).toMatchObject({ done: true, fraction: 1, totalSeconds: 1.2 });
    expect(reports.at(-1)![1].seconds).toBeCloseTo(1.2, 1);
  });

  it('reports progress from stderr stats when stdout carries audio', async () => {
    const reports: FfmpegProgress[] = [];
    const proc = startFfmpeg(
      ffmpeg,
      ['-re', '-f', 'lavfi', '-i', 'sine=d=1.2', '-f', 'f32le', 'pipe:1'],
      { stdout: 'data', totalSeconds: 1.2, onProgress: (_f, p) => reports.push(p) },
    );
    let bytes = 0;
    for await (const chunk of proc.stdout!) bytes += (chunk as Buffer).length;
    await proc.done;
    expect(bytes).toBe(1.2 * 44100 * 4);
    expect(reports.filter((r) => !r.done).length).toBeGreaterThanOrEqual(1);
    expect(reports.at(-1)).toMatchObject({ done: true, fraction: 1 });
  });

  it('takes the total from the input Duration line when none is given', async () => {
    const file = generate(
      ffmpeg,
      path.join(temp.dir, 'two-seconds.wav'),
      sineSource({ seconds: 2 }),
    );
    const reports: FfmpegProgress[] = [];
    await runFfmpeg(ffmpeg, ['-i', file, '-f', 'null', '-'], {
      onProgress: (_f, p) => reports.push(p),
    });
    expect(reports.at(-1)).toMatchObject({ done: true, fraction: 1, totalSeconds: 2, seconds: 2 });
  });

  it('returns the exit code instead of throwing when failure is allowed', async () => {
    const result = await runFfmpeg(ffmpeg, ['-i', path.join(temp.dir, 'missing.wav')], {
      allowFailure: true,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('No such file or directory');
  });

  it('feeds stdin with backpressure', async () => {
    const pcm = sinePcm({ seconds: 3, rate: 48000, channels: 2 });
    const proc = startFfmpeg(
      ffmpeg,
      ['-f', 'f32le', '-ar', '48000', '-ac', '2', '-i', 'pipe:0', '-f', 'f32le', 'pipe:1'],
      { stdout: 'data', input: float32Bytes(pcm.samples) },
    );
    let bytes = 0;
    for await (const chunk of proc.stdout!) bytes += (chunk as Buffer).length;
    await proc.done;
    expect(bytes).toBe(pcm.samples.byteLength);
  });

  it('cancels: the process is killed promptly and the call rejects with CancelledError', async () => {
    const controller = new AbortController();
    let pid: number | undefined;
    let abortedAt = 0;
    const run = runFfmpeg(ffmpeg, realTime(60), {
      signal: controller.signal,
      onProgress: () => {
        pid ??= runningFfmpegPids()[0];
        abortedAt = Date.now();
        controller.abort();
      },
    });
    await expect(run).rejects.toBeInstanceOf(CancelledError);
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    expect(pid).toBeDefined();
    expect(await waitForExit(pid!)).toBe(true);
    expect(runningFfmpegPids()).not.toContain(pid);
  });

  it('does not start when the signal has already fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runFfmpeg(ffmpeg, realTime(1), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(runningFfmpegPids()).toEqual([]);
  });

  it('stops when the progress callback throws, rejecting with its error', async () => {
    const stop = new CancelledError('job cancelled from the progress callback');
    await expect(
      runFfmpeg(ffmpeg, realTime(60), {
        onProgress: () => {
          throw stop;
        },
      }),
    ).rejects.toBe(stop);
    expect(runningFfmpegPids()).toEqual([]);
  });

  it('killAllFfmpeg stops every running process (engine shutdown)', async () => {
    const a = startFfmpeg(ffmpeg, realTime(60), { stdout: 'ignore' });
    const b = startFfmpeg(ffmpeg, realTime(60), { stdout: 'ignore' });
    expect(runningFfmpegPids()).toEqual(expect.arrayContaining([a.pid, b.pid]));
    expect(await killAllFfmpeg()).toBe(2);
    await expect(a.done).rejects.toBeInstanceOf(CancelledError);
    await expect(b.done).rejects.toThrow(/shutting down/);
    expect(await waitForExit(a.pid!)).toBe(true);
    expect(await waitForExit(b.pid!)).toBe(true);
    expect(runningFfmpegPids()).toEqual([]);
  });

  it('reports a missing binary as ffmpeg_unavailable', async () => {
    const error = await runFfmpeg({ path: '/nonexistent/ffmpeg', version: '0' }, [
      '-version',
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ffmpeg_unavailable' });
    expect((error as AppError).message).toContain('TAPEHOUSE_FFMPEG');
  });

  it('turns other failures into internal_error with the stderr tail', async () => {
    const error = await runFfmpeg(
      ffmpeg,
      ['-f', 'lavfi', '-i', 'sine=d=1', '-af', 'nosuchfilter', '-f', 'null', '-'],
      {
        what: 'testing',
      },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal_error' });
    expect((error as AppError).message).toMatch(/^testing: ffmpeg failed \(exit code \d+\)/);
    expect(String((error as AppError).details?.stderr_tail)).toContain('nosuchfilter');
  });
});
