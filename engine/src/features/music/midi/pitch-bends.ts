/**
 * Pitch bends from Basic Pitch's contour output (basic_pitch/note_creation.py, `get_pitch_bends`):
 * for every frame of a note, the strongest contour bin within ±25 bins (±8⅓ semitones) of the
 * note's own bin, weighted by a Gaussian (σ = 5 bins) centred on it, gives the bend in thirds of
 * a semitone. Also the published rule that a note overlapping another in time gets no bends
 * (one MIDI channel has one pitch wheel).
 */
import { CONTOUR_BINS_PER_SEMITONE, MIDI_OFFSET, N_CONTOUR_BINS } from './basic-pitch-constants.ts';
import type { FrameNote } from './note-creation.ts';

export const BEND_TOLERANCE_BINS = 25;
const GAUSSIAN_STD = 5;

/** scipy.signal.windows.gaussian(length, std): symmetric, peak 1 in the middle. */
export function gaussianWindow(length: number, std: number): Float64Array {
  const out = new Float64Array(Math.max(0, length));
  const centre = (length - 1) / 2;
  for (let n = 0; n < length; n++) out[n] = Math.exp(-((n - centre) ** 2) / (2 * std * std));
  return out;
}

const WINDOW = gaussianWindow(BEND_TOLERANCE_BINS * 2 + 1, GAUSSIAN_STD);

/** Contour bin of a MIDI pitch: three per semitone from A0. */
export function contourBin(pitch: number): number {
  return (pitch - MIDI_OFFSET) * CONTOUR_BINS_PER_SEMITONE;
}

/** Bends of one note, one per frame, in contour bins (thirds of a semitone). */
export function noteBends(contours: Float32Array, note: FrameNote): number[] {
  const centre = contourBin(note.pitch);
  const lo = Math.max(0, centre - BEND_TOLERANCE_BINS);
  const hi = Math.min(N_CONTOUR_BINS, centre + BEND_TOLERANCE_BINS + 1);
  const bends: number[] = [];
  for (let t = note.startFrame; t < note.endFrame; t++) {
    const row = t * N_CONTOUR_BINS;
    let best = lo;
    let bestValue = -Infinity;
    for (let b = lo; b < hi; b++) {
      const weighted = contours[row + b]! * WINDOW[b - centre + BEND_TOLERANCE_BINS]!;
      if (weighted > bestValue) {
        bestValue = weighted;
        best = b;
      }
    }
    bends.push(best - centre);
  }
  return bends;
}

/** Indices of notes that overlap no other note in time (they may keep their bends). */
export function soloNoteIndices(
  notes: readonly { startFrame: number; endFrame: number }[],
): Set<number> {
  const order = notes.map((_, i) => i).sort((a, b) => notes[a]!.startFrame - notes[b]!.startFrame);
  const overlapping = new Set<number>();
  for (let a = 0; a < order.length; a++) {
    const first = notes[order[a]!]!;
    for (let b = a + 1; b < order.length && notes[order[b]!]!.startFrame < first.endFrame; b++) {
      overlapping.add(order[a]!);
      overlapping.add(order[b]!);
    }
  }
  return new Set(order.filter((i) => !overlapping.has(i)));
}
