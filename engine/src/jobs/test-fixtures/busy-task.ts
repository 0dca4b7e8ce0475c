/**
 * A worker task for the pool's tests: sums squares in slices (checking cancellation between
 * slices, as real inference loops do), or crashes the thread on request.
 */
import { CancelledError } from '../../errors.ts';
import type { WorkerTask } from '../worker-protocol.ts';

export interface BusyInput {
  n: number;
  slices: number;
  crash?: boolean;
}

export const run: WorkerTask<BusyInput, { sum: number; threadId: number }> = async (input, ctx) => {
  const { threadId } = await import('node:worker_threads');
  if (input.crash) process.exit(3);
  let sum = 0;
  const per = Math.ceil(input.n / input.slices);
  for (let s = 0; s < input.slices; s++) {
    if (ctx.signal.aborted) throw new CancelledError();
    for (let i = s * per; i < Math.min(input.n, (s + 1) * per); i++) sum += i * i;
    ctx.progress(((s + 1) / input.slices) * 100, 'summing');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { sum, threadId };
};
