/**
 * Median filters over a frame-major magnitude grid, the two smoothings harmonic/percussive
 * separation rests on (Fitzgerald 2010): along time a sustained tone survives and a click is
 * removed; along frequency a click (broadband) survives and a tone (one bin) is removed.
 * Edges use the part of the kernel that lies inside the grid (an even count averages the two
 * middle values).
 *
 * A sliding sorted window: each step removes the value leaving the kernel and inserts the one
 * entering it (binary search and a short shift), O(kernel) per cell instead of sorting the
 * kernel afresh — the medians are most of the DSP tier's time.
 */

class SortedWindow {
  private readonly values: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
  }

  private search(v: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(v: number): void {
    const at = this.search(v);
    this.values.copyWithin(at + 1, at, this.size);
    this.values[at] = v;
    this.size++;
  }

  remove(v: number): void {
    const at = this.search(v);
    this.values.copyWithin(at, at + 1, this.size);
    this.size--;
  }

  median(): number {
    const mid = this.size >> 1;
    return this.size % 2 === 1
      ? this.values[mid]!
      : 0.5 * (this.values[mid - 1]! + this.values[mid]!);
  }
}

/** Finite values only, so an inserted value is always found again on removal. */
function clean(v: number): number {
  return Number.isFinite(v) ? v : 0;
}

/** Median of `n` cells src[offset + i·stride] over ±half neighbours, written to dst alike. */
function slidingMedian(
  src: Float32Array,
  dst: Float32Array,
  offset: number,
  stride: number,
  n: number,
  half: number,
  window: SortedWindow,
): void {
  window.size = 0;
  for (let j = 0; j <= Math.min(n - 1, half); j++) window.insert(clean(src[offset + j * stride]!));
  for (let i = 0; i < n; i++) {
    dst[offset + i * stride] = window.median();
    const add = i + 1 + half;
    if (add < n) window.insert(clean(src[offset + add * stride]!));
    const drop = i - half;
    if (drop >= 0) window.remove(clean(src[offset + drop * stride]!));
  }
}

/** Median over `kernel` (odd) neighbouring frames, per bin. */
export function medianAlongTime(
  grid: Float32Array,
  frames: number,
  bins: number,
  kernel: number,
): Float32Array {
  const out = new Float32Array(grid.length);
  const window = new SortedWindow(kernel + 1);
  for (let k = 0; k < bins; k++) slidingMedian(grid, out, k, bins, frames, kernel >> 1, window);
  return out;
}

/** Median over `kernel` (odd) neighbouring bins, per frame. */
export function medianAlongFrequency(
  grid: Float32Array,
  frames: number,
  bins: number,
  kernel: number,
): Float32Array {
  const out = new Float32Array(grid.length);
  const window = new SortedWindow(kernel + 1);
  for (let t = 0; t < frames; t++) slidingMedian(grid, out, t * bins, 1, bins, kernel >> 1, window);
  return out;
}
