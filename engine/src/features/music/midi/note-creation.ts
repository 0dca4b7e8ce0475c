/**
 * Basic Pitch's note creation (basic_pitch/note_creation.py, `output_to_notes_polyphonic`),
 * re-implemented on flat Float32Arrays so an hour of posteriorgram stays a few hundred MB:
 *
 * 1. Frame and onset activations outside the allowed pitch range are zeroed.
 * 2. Onsets are inferred from frames too: where a pitch's frame activation jumps (the smaller of
 *    its 1- and 2-frame rises), rescaled to the onsets' maximum; the larger of the two wins.
 * 3. Onset peaks (strict local maxima in time, as scipy's argrelmax) above `onsetThreshold`,
 *    latest first, start notes; each note lasts while the frame activation stays above
 *    `frameThreshold`, tolerating `energyTolerance` frames below it. Notes no longer than
 *    `minNoteFrames` are dropped; a kept note consumes the energy of its pitch and both
 *    neighbours so it is not found twice.
 * 4. The melodia trick: while any unused frame energy is above the threshold, the strongest
 *    cell grows into a note forwards and backwards (same tolerance), keeping it if long enough.
 *    Energy only ever drops to zero, so visiting cells in one descending sort is the same as
 *    the published repeated global argmax, without its quadratic cost.
 */
import { N_PITCHES, MIDI_OFFSET } from './basic-pitch-constants.ts';

export interface Posteriorgram {
  /** Frame count; `frames` and `onsets` hold `nFrames × 88` values, row-major. */
  nFrames: number;
  frames: Float32Array;
  onsets: Float32Array;
}

export interface NoteCreationOptions {
  onsetThreshold: number;
  frameThreshold: number;
  /** A note must be longer than this many frames. */
  minNoteFrames: number;
  inferOnsets: boolean;
  melodiaTrick: boolean;
  energyTolerance: number;
  /** Inclusive MIDI range kept (default the full 21-108). */
  minPitch: number;
  maxPitch: number;
}

export const DEFAULT_NOTE_CREATION: NoteCreationOptions = {
  onsetThreshold: 0.5,
  frameThreshold: 0.3,
  minNoteFrames: 11,
  inferOnsets: true,
  melodiaTrick: true,
  energyTolerance: 11,
  minPitch: MIDI_OFFSET,
  maxPitch: MIDI_OFFSET + N_PITCHES - 1,
};

export interface FrameNote {
  startFrame: number;
  /** Exclusive. */
  endFrame: number;
  pitch: number;
  /** Mean frame activation over the note, 0..1. */
  amplitude: number;
}

const P = N_PITCHES;

function constrainRange(matrix: Float32Array, nFrames: number, lo: number, hi: number): void {
  if (lo <= 0 && hi >= P - 1) return;
  for (let t = 0; t < nFrames; t++) {
    const row = t * P;
    for (let p = 0; p < P; p++) if (p < lo || p > hi) matrix[row + p] = 0;
  }
}

function maxOf(values: Float32Array): number {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** Step 2: max(onsets, rescaled frame rises). Returns a new matrix. */
export function inferOnsets(
  frames: Float32Array,
  onsets: Float32Array,
  nFrames: number,
): Float32Array {
  const diff = new Float32Array(frames.length);
  for (let t = 2; t < nFrames; t++) {
    const row = t * P;
    for (let p = 0; p < P; p++) {
      const now = frames[row + p]!;
      const rise1 = now - frames[row - P + p]!;
      const rise2 = now - frames[row - 2 * P + p]!;
      const rise = Math.min(rise1, rise2);
      if (rise > 0) diff[row + p] = rise;
    }
  }
  const onsetMax = maxOf(onsets);
  const diffMax = maxOf(diff);
  const out = new Float32Array(onsets.length);
  const scale = diffMax > 0 ? onsetMax / diffMax : 0;
  for (let i = 0; i < out.length; i++) out[i] = Math.max(onsets[i]!, diff[i]! * scale);
  return out;
}

/** Step 3's candidates: strict local maxima in time above the threshold, latest (then highest) first. */
export function onsetPeaks(
  onsets: Float32Array,
  nFrames: number,
  threshold: number,
): Array<[number, number]> {
  const peaks: Array<[number, number]> = [];
  for (let t = nFrames - 2; t >= 1; t--) {
    const row = t * P;
    for (let p = P - 1; p >= 0; p--) {
      const v = onsets[row + p]!;
      if (v > threshold && v > onsets[row - P + p]! && v > onsets[row + P + p]!) peaks.push([t, p]);
    }
  }
  return peaks;
}

function clearCell(energy: Float32Array, t: number, p: number): void {
  const row = t * P;
  energy[row + p] = 0;
  if (p < P - 1) energy[row + p + 1] = 0;
  if (p > 0) energy[row + p - 1] = 0;
}

function meanActivation(frames: Float32Array, start: number, end: number, p: number): number {
  if (end <= start) return 0;
  let sum = 0;
  for (let t = start; t < end; t++) sum += frames[t * P + p]!;
  return sum / (end - start);
}

export function createNotes(
  input: Posteriorgram,
  options: Partial<NoteCreationOptions> = {},
): FrameNote[] {
  const o = { ...DEFAULT_NOTE_CREATION, ...options };
  const { nFrames } = input;
  if (nFrames === 0) return [];
  const frames = input.frames.slice(0, nFrames * P);
  let onsets: Float32Array = input.onsets.slice(0, nFrames * P);
  const lo = o.minPitch - MIDI_OFFSET;
  const hi = o.maxPitch - MIDI_OFFSET;
  constrainRange(frames, nFrames, lo, hi);
  constrainRange(onsets, nFrames, lo, hi);
  if (o.inferOnsets) onsets = inferOnsets(frames, onsets, nFrames);

  const energy = frames.slice();
  const notes: FrameNote[] = [];
  const threshold = o.frameThreshold;

  for (const [start, p] of onsetPeaks(onsets, nFrames, o.onsetThreshold)) {
    if (start >= nFrames - 1) continue;
    let i = start + 1;
    let k = 0;
    while (i < nFrames - 1 && k < o.energyTolerance) {
      k = energy[i * P + p]! < threshold ? k + 1 : 0;
      i++;
    }
    i -= k;
    if (i - start <= o.minNoteFrames) continue;
    for (let t = start; t < i; t++) clearCell(energy, t, p);
    notes.push({
      startFrame: start,
      endFrame: i,
      pitch: p + MIDI_OFFSET,
      amplitude: meanActivation(frames, start, i, p),
    });
  }

  if (o.melodiaTrick) notes.push(...melodiaNotes(frames, energy, nFrames, o));
  return notes;
}

/** Step 4 on the energy left after the onset-led notes. */
function melodiaNotes(
  frames: Float32Array,
  energy: Float32Array,
  nFrames: number,
  o: NoteCreationOptions,
): FrameNote[] {
  const threshold = o.frameThreshold;
  const cells: number[] = [];
  for (let i = 0; i < energy.length; i++) if (energy[i]! > threshold) cells.push(i);
  // Descending value, ties by position: the order the published argmax loop visits them.
  cells.sort((a, b) => energy[b]! - energy[a]! || a - b);
  const original = Float32Array.from(cells, (i) => energy[i]!);

  const notes: FrameNote[] = [];
  for (let c = 0; c < cells.length; c++) {
    const cell = cells[c]!;
    // A cell another note already consumed is gone; untouched, it is the current maximum.
    if (energy[cell] !== original[c]) continue;
    const mid = Math.floor(cell / P);
    const p = cell - mid * P;
    energy[cell] = 0;

    let i = mid + 1;
    let k = 0;
    while (i < nFrames - 1 && k < o.energyTolerance) {
      k = energy[i * P + p]! < threshold ? k + 1 : 0;
      clearCell(energy, i, p);
      i++;
    }
    const end = i - 1 - k;

    i = mid - 1;
    k = 0;
    while (i > 0 && k < o.energyTolerance) {
      k = energy[i * P + p]! < threshold ? k + 1 : 0;
      clearCell(energy, i, p);
      i--;
    }
    const start = i + 1 + k;

    if (end - start <= o.minNoteFrames) continue;
    notes.push({
      startFrame: start,
      endFrame: end,
      pitch: p + MIDI_OFFSET,
      amplitude: meanActivation(frames, start, end, p),
    });
  }
  return notes;
}
