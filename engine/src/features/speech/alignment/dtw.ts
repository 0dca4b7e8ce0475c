/**
 * Dynamic time warping inside a corridor, the alignment method Echogarden uses for its DTW
 * engine: the reference (speech synthesised from the known text) and the recording are turned
 * into feature frames, and the cheapest monotone path from (0, 0) to (n-1, m-1) pairs every
 * reference frame with recording frames. Only cells inside the corridor are computed, so a
 * coarse pass over a wide band and a fine pass along the coarse path keep memory linear in the
 * audio's length (one direction byte per cell) instead of quadratic.
 */
import type { FeatureFrames } from './spectral-features.ts';

/** For reference frame i, the recording frames lo[i]..hi[i] (inclusive) may pair with it. */
export interface Corridor {
  lo: Int32Array;
  hi: Int32Array;
}

export interface WarpPath {
  /** Reference frame of each step, non-decreasing. */
  ref: Int32Array;
  /** Recording frame of each step, non-decreasing. */
  rec: Int32Array;
  /** Feature distance at each step. */
  cost: Float32Array;
}

/**
 * A stretch of the reference the reader may have left out (a paragraph): the path may jump from
 * row `from - 1` straight to row `to` (rows `from`..`to-1` unvisited) for `penalty`. A section
 * at the very start may be skipped by starting at row `to`; one at the end by ending at row
 * `from - 1`.
 */
export interface SkippableSection {
  from: number;
  /** Exclusive. */
  to: number;
  penalty: number;
}

/** A band of half-width `halfWidth` around the straight line from (0,0) to (n-1,m-1). */
export function diagonalCorridor(n: number, m: number, halfWidth: number): Corridor {
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const centre = n === 1 ? 0 : (i * (m - 1)) / (n - 1);
    lo[i] = Math.max(0, Math.floor(centre - halfWidth));
    hi[i] = Math.min(m - 1, Math.ceil(centre + halfWidth));
  }
  return repair({ lo, hi }, m);
}

/**
 * The fine corridor: a coarse path (on frames `factor` times longer) scaled up and widened by
 * `radius` fine frames on each side.
 */
export function corridorAround(
  coarse: WarpPath,
  factor: number,
  n: number,
  m: number,
  radius: number,
): Corridor {
  const lo = new Int32Array(n).fill(m - 1);
  const hi = new Int32Array(n).fill(0);
  for (let s = 0; s < coarse.ref.length; s++) {
    const i0 = coarse.ref[s]! * factor;
    const j0 = coarse.rec[s]! * factor;
    for (let i = Math.max(0, i0 - radius); i < Math.min(n, i0 + factor + radius); i++) {
      lo[i] = Math.min(lo[i]!, Math.max(0, j0 - radius));
      hi[i] = Math.max(hi[i]!, Math.min(m - 1, j0 + factor - 1 + radius));
    }
  }
  // Rows the coarse path jumped over (a skipped section) sit at the column of the jump.
  let last = 0;
  for (let i = 0; i < n; i++) {
    if (lo[i]! > hi[i]!) lo[i] = hi[i] = last;
    else last = hi[i]!;
  }
  return repair({ lo, hi }, m);
}

/** Makes a corridor monotone and connected, and pins its two corners. */
function repair(corridor: Corridor, m: number): Corridor {
  const { lo, hi } = corridor;
  const n = lo.length;
  lo[0] = 0;
  hi[n - 1] = m - 1;
  for (let i = 1; i < n; i++) lo[i] = Math.max(lo[i]!, lo[i - 1]!);
  for (let i = n - 2; i >= 0; i--) hi[i] = Math.min(hi[i]!, hi[i + 1]!);
  for (let i = 0; i < n; i++) {
    if (hi[i]! < lo[i]!) hi[i] = lo[i]!;
    // Consecutive rows must overlap or touch, or no path can pass from one to the next.
    if (i > 0 && lo[i]! > hi[i - 1]! + 1) hi[i - 1] = lo[i]! - 1;
  }
  return { lo, hi };
}

function distance(a: FeatureFrames, i: number, b: FeatureFrames, j: number): number {
  const dims = a.dims;
  let sum = 0;
  for (let d = 0; d < dims; d++) {
    const diff = a.data[i * dims + d]! - b.data[j * dims + d]!;
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}

const FROM_DIAGONAL = 0;
const FROM_UP = 1; // (i-1, j)
const FROM_LEFT = 2; // (i, j-1)
const JUMP_UP = 3; // (from-1, j): a section skipped
const JUMP_DIAGONAL = 4; // (from-1, j-1): a section skipped
const START_HERE = 5; // a section at the start skipped: the path begins at this cell

/**
 * A step that only advances the recording through a pause (a frame marked in `pauses`) costs at
 * most this: the reader may stop where the synthetic voice ran on, and waiting out a breath on
 * one reference frame must not be dearer than smearing it over a word. (Normalised 12-d frames
 * of the same sound lie about 3 apart, unrelated ones about 5.)
 */
export const PAUSE_STEP_COST = 1.5;

/**
 * The cheapest monotone path through the corridor (steps right, down or diagonal). `pauses`
 * (one byte per recording frame, 1 = no speech) makes waiting through a pause cheap.
 */
export function warp(
  ref: FeatureFrames,
  rec: FeatureFrames,
  corridor: Corridor,
  pauses?: Uint8Array,
  skips: readonly SkippableSection[] = [],
): WarpPath {
  const n = ref.frames;
  const m = rec.frames;
  const { lo, hi } = corridor;
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) offsets[i + 1] = offsets[i]! + (hi[i]! - lo[i]! + 1);
  const steps = new Uint8Array(offsets[n]!);
  const usable = skips.filter((k) => k.from < k.to && k.to <= n && !(k.from === 0 && k.to === n));
  // Rows a jump leaves from are kept until the row it lands on is computed.
  const landing = new Map(usable.filter((k) => k.from > 0 && k.to < n).map((k) => [k.to, k]));
  const saved = new Map<number, { costs: Float64Array; lo: number }>();
  const sources = new Set([...landing.values()].map((k) => k.from - 1));
  const startAt = usable.find((k) => k.from === 0);
  const endings: { row: number; cost: number }[] = [];
  let previous = new Float64Array(0);
  let previousLo = 0;
  for (let i = 0; i < n; i++) {
    const rowLo = lo[i]!;
    const width = hi[i]! - rowLo + 1;
    const current = new Float64Array(width);
    const jump = landing.get(i);
    const source = jump ? saved.get(jump.from - 1) : undefined;
    for (let w = 0; w < width; w++) {
      const j = rowLo + w;
      const d = distance(ref, i, rec, j);
      let best = Infinity;
      let step = FROM_DIAGONAL;
      if (i === 0 && j === 0) best = 0;
      if (startAt && i === startAt.to && j === 0) {
        best = startAt.penalty;
        step = START_HERE;
      }
      if (jump && source) {
        const at = j - source.lo;
        if (at >= 0 && at < source.costs.length && source.costs[at]! + jump.penalty < best) {
          best = source.costs[at]! + jump.penalty;
          step = JUMP_UP;
        }
        if (
          at - 1 >= 0 &&
          at - 1 < source.costs.length &&
          source.costs[at - 1]! + jump.penalty < best
        ) {
          best = source.costs[at - 1]! + jump.penalty;
          step = JUMP_DIAGONAL;
        }
      }
      if (i > 0) {
        const up = j - previousLo;
        if (up >= 0 && up < previous.length && previous[up]! < best) {
          best = previous[up]!;
          step = FROM_UP;
        }
        const diag = up - 1;
        if (diag >= 0 && diag < previous.length && previous[diag]! <= best) {
          best = previous[diag]!;
          step = FROM_DIAGONAL;
        }
      }
      let cost = best + d;
      if (w > 0) {
        const wait = current[w - 1]! + (pauses?.[j] === 1 ? Math.min(d, PAUSE_STEP_COST) : d);
        if (wait < cost) {
          cost = wait;
          step = FROM_LEFT;
        }
      }
      current[w] = cost;
      steps[offsets[i]! + w] = step;
    }
    if (sources.has(i)) saved.set(i, { costs: current, lo: rowLo });
    const ending = usable.find((k) => k.to === n && k.from - 1 === i);
    if (ending && hi[i] === m - 1)
      endings.push({ row: i, cost: current[width - 1]! + ending.penalty });
    previous = current;
    previousLo = rowLo;
  }
  // The path ends at the last corner, or before a skipped final section when that is cheaper.
  let endRow = n - 1;
  let endCost = previous[previous.length - 1] ?? Infinity;
  for (const e of endings) if (e.cost < endCost) ({ row: endRow, cost: endCost } = e);
  return backtrack(ref, rec, corridor, offsets, steps, endRow, landing);
}

function backtrack(
  ref: FeatureFrames,
  rec: FeatureFrames,
  corridor: Corridor,
  offsets: Int32Array,
  steps: Uint8Array,
  endRow: number,
  landing: ReadonlyMap<number, SkippableSection>,
): WarpPath {
  const refSteps: number[] = [];
  const recSteps: number[] = [];
  let i = endRow;
  let j = rec.frames - 1;
  for (;;) {
    refSteps.push(i);
    recSteps.push(j);
    if (i === 0 && j === 0) break;
    const step = steps[offsets[i]! + (j - corridor.lo[i]!)];
    if (step === START_HERE) break;
    if (step === JUMP_UP || step === JUMP_DIAGONAL) {
      i = (landing.get(i)?.from ?? i) - 1;
      if (step === JUMP_DIAGONAL) j--;
    } else if (i === 0 || step === FROM_LEFT) j--;
    else if (step === FROM_UP) i--;
    else {
      i--;
      j--;
    }
  }
  refSteps.reverse();
  recSteps.reverse();
  const cost = Float32Array.from(refSteps, (r, s) => distance(ref, r, rec, recSteps[s]!));
  return { ref: Int32Array.from(refSteps), rec: Int32Array.from(recSteps), cost };
}

/**
 * Two passes: DTW on frames averaged `factor` at a time inside a diagonal band, then on the full
 * frames inside a corridor around that path.
 */
export function multiResolutionWarp(
  ref: FeatureFrames,
  rec: FeatureFrames,
  options: {
    factor: number;
    coarse: (n: number, m: number) => Corridor;
    radius: number;
    pauses?: Uint8Array;
    skips?: readonly SkippableSection[];
  },
  downsample: (f: FeatureFrames, factor: number) => FeatureFrames,
): WarpPath {
  const { factor, pauses } = options;
  const skips = options.skips ?? [];
  const coarseRef = downsample(ref, factor);
  const coarseRec = downsample(rec, factor);
  const coarsePauses = pauses
    ? Uint8Array.from({ length: coarseRec.frames }, (_, f) =>
        pauses.subarray(f * factor, (f + 1) * factor).every((v) => v === 1) ? 1 : 0,
      )
    : undefined;
  const coarse = warp(
    coarseRef,
    coarseRec,
    options.coarse(coarseRef.frames, coarseRec.frames),
    coarsePauses,
    skips.map((k) => ({
      from: Math.round(k.from / factor),
      to: Math.round(k.to / factor),
      penalty: k.penalty / factor,
    })),
  );
  const corridor = corridorAround(coarse, factor, ref.frames, rec.frames, options.radius);
  return warp(ref, rec, corridor, pauses, skips);
}
