/**
 * Sentences grouped for one model call each. Sorting by length first keeps padding small (a
 * batch costs as much as its longest row, times its rows); a batch holds at most `maxRows`
 * sentences and `maxTokens` padded tokens, so memory stays bounded on long sentences.
 */

export interface BatchLimits {
  maxRows: number;
  maxTokens: number;
}

export const DEFAULT_BATCH: BatchLimits = { maxRows: 8, maxTokens: 1024 };

/** Indices into `tokens`, grouped; every index appears exactly once. */
export function planBatches(tokens: readonly number[], limits = DEFAULT_BATCH): number[][] {
  const order = tokens.map((n, i) => [n, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const batches: number[][] = [];
  let current: number[] = [];
  let longest = 0;
  for (const [n, i] of order) {
    const wider = Math.max(longest, n);
    if (
      current.length > 0 &&
      (current.length >= limits.maxRows || wider * (current.length + 1) > limits.maxTokens)
    ) {
      batches.push(current);
      current = [];
      longest = 0;
    }
    current.push(i);
    longest = Math.max(longest, n);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
