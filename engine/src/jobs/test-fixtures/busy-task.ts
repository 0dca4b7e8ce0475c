/**
 * A worker task for the pool's tests: sums squares in slices (checking cancellation between
 * slices, as real inference loops do), or crashes the thread on request. It also returns the
 * squares as a Float32Array, moved rather than copied when `transfer` is set, and reports how
 * many bytes the array it returned last time still holds here (0 once moved away).
 */
import { CancelledError } from '../../errors.ts';
import type { WorkerTask } from '../worker-protocol.ts';

export interface BusyInput {
  n: number;
  slices: number;
  crash?: boolean;
  transfer?: boolean;
}

export interface BusyResult {
  sum: number;
  threadId: number;
  squares: Float32Array;
  previousBytesLeft: number | null;
}

let previous: Float32Array | null = null;

export const run: WorkerTask<BusyInput, BusyResult> = async (input, ctx) => {
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
  const squares = Float32Array.from({ length: Math.min(input.n, 1000) }, (_, i) => i * i);
  const previousBytesLeft = previous?.byteLength ?? null;
  previous = squares;
  if (input.transfer) ctx.transfer?.(squares.buffer);
  return { sum, threadId, squares, previousBytesLeft };
};
