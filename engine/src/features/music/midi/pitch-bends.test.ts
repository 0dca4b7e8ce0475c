// Pitch bends from the contour output, and the rule that overlapping notes carry none.
import { describe, expect, it } from 'vitest';
import { N_CONTOUR_BINS } from './basic-pitch-constants.ts';
import { contourBin, gaussianWindow, noteBends, soloNoteIndices } from './pitch-bends.ts';

describe('noteBends', () => {
  it('follows the strongest contour bin near the note, in thirds of a semitone', () => {
    const frames = 4;
    const contours = new Float32Array(frames * N_CONTOUR_BINS);
    const centre = contourBin(69);
    contours[0 * N_CONTOUR_BINS + centre] = 0.9;
    contours[1 * N_CONTOUR_BINS + centre + 1] = 0.9;
    contours[2 * N_CONTOUR_BINS + centre - 3] = 0.9; // a semitone flat
    contours[3 * N_CONTOUR_BINS + centre + 40] = 0.9; // outside ±25 bins: ignored
    const bends = noteBends(contours, { startFrame: 0, endFrame: frames, pitch: 69, amplitude: 1 });
    expect(bends.slice(0, 3)).toEqual([0, 1, -3]);
    expect(Math.abs(bends[3]!)).toBeLessThanOrEqual(25);
  });

  it('prefers the bin nearest the note when two are equally strong (Gaussian weighting)', () => {
    const contours = new Float32Array(N_CONTOUR_BINS);
    const centre = contourBin(60);
    contours[centre + 2] = 0.8;
    contours[centre - 10] = 0.8;
    expect(noteBends(contours, { startFrame: 0, endFrame: 1, pitch: 60, amplitude: 1 })).toEqual([
      2,
    ]);
  });

  it('handles notes at the edges of the range', () => {
    const contours = new Float32Array(N_CONTOUR_BINS);
    contours[0] = 1;
    expect(noteBends(contours, { startFrame: 0, endFrame: 1, pitch: 21, amplitude: 1 })).toEqual([
      0,
    ]);
    contours[N_CONTOUR_BINS - 1] = 1;
    // C8's own bin is 261; the two above it (262, 263) are the top of the contour.
    const top = noteBends(contours, { startFrame: 0, endFrame: 1, pitch: 108, amplitude: 1 });
    expect(top).toEqual([2]);
  });

  it('gaussianWindow matches scipy: peak 1 in the middle, symmetric', () => {
    const w = gaussianWindow(51, 5);
    expect(w[25]).toBe(1);
    expect(w[20]).toBeCloseTo(Math.exp(-0.5), 10);
    expect(w[0]).toBeCloseTo(w[50]!, 12);
  });
});

describe('soloNoteIndices', () => {
  it('keeps only notes that overlap no other note', () => {
    const notes = [
      { startFrame: 0, endFrame: 10 },
      { startFrame: 10, endFrame: 20 }, // touches, does not overlap
      { startFrame: 30, endFrame: 50 },
      { startFrame: 40, endFrame: 45 },
      { startFrame: 60, endFrame: 70 },
    ];
    expect([...soloNoteIndices(notes)].sort()).toEqual([0, 1, 4]);
  });
});
