import { isMainThread, threadId, Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelledError, isAppError } from '../errors.ts';
import type { BusyResult } from './test-fixtures/busy-task.ts';
import { WorkerPool } from './worker-pool.ts';

const TASK = new URL('./test-fixtures/busy-task.ts', import.meta.url);
let pool: WorkerPool;
afterEach(async () => {
  await pool.close();
});

describe('worker pool', () => {
  it('runs a task off the calling thread and reports progress', async () => {
    pool = new WorkerPool(1);
    const seen: number[] = [];
    const result = await pool.run<{ sum: number; threadId: number }>(
      TASK,
      { n: 1000, slices: 4 },
      { onProgress: (p) => seen.push(p) },
    );
    expect(result.sum).toBe((999 * 1000 * 1999) / 6);
    expect(isMainThread).toBe(true);
    expect(result.threadId).not.toBe(threadId);
    expect(seen).toEqual([25, 50, 75, 100]);
  });

  it('posts no progress messages for a call nobody listens to', async () => {
    const emit = vi.spyOn(Worker.prototype, 'emit');
    const progressMessages = (): number =>
      emit.mock.calls.filter(
        ([event, message]) =>
          event === 'message' && (message as { type?: string } | undefined)?.type === 'progress',
      ).length;
    try {
      pool = new WorkerPool(1);
      const quiet = await pool.run<{ sum: number }>(TASK, { n: 1000, slices: 4 });
      expect(quiet.sum).toBe((999 * 1000 * 1999) / 6);
      expect(progressMessages()).toBe(0);
      // The same task on the same worker still reports to a caller that listens.
      const seen: number[] = [];
      await pool.run(TASK, { n: 1000, slices: 4 }, { onProgress: (p) => seen.push(p) });
      expect(seen).toEqual([25, 50, 75, 100]);
      expect(progressMessages()).toBe(4);
    } finally {
      emit.mockRestore();
    }
  });

  it('moves buffers a task transfers instead of copying them, and copies the rest', async () => {
    pool = new WorkerPool(1);
    const copied = await pool.run<BusyResult>(TASK, { n: 4, slices: 1 });
    const moved = await pool.run<BusyResult>(TASK, { n: 4, slices: 1, transfer: true });
    // The copied array is still whole in the worker; the moved one is detached there.
    expect(moved.previousBytesLeft).toBe(16);
    const after = await pool.run<BusyResult>(TASK, { n: 4, slices: 1 });
    expect(after.previousBytesLeft).toBe(0);
    for (const result of [copied, moved, after])
      expect(Array.from(result.squares)).toEqual([0, 1, 4, 9]);
  });

  it('cancels between slices and rejects with CancelledError', async () => {
    pool = new WorkerPool(1);
    const controller = new AbortController();
    const running = pool.run(
      TASK,
      { n: 5e8, slices: 10_000 },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(running).rejects.toBeInstanceOf(CancelledError);
  });

  it('survives a worker that dies: only its call fails, the next call gets a new worker', async () => {
    pool = new WorkerPool(1);
    const crashed = await pool
      .run(TASK, { n: 1, slices: 1, crash: true })
      .catch((error: unknown) => error);
    expect(isAppError(crashed) && crashed.message).toMatch(/worker/);
    const ok = await pool.run<{ sum: number }>(TASK, { n: 3, slices: 1 });
    expect(ok.sum).toBe(5);
  });
});
