// Basic Pitch note creation on hand-made posteriorgrams: each rule of the published algorithm.
import { describe, expect, it } from 'vitest';
import { createNotes, inferOnsets, onsetPeaks, type Posteriorgram } from './note-creation.ts';

const P = 88;

function grid(nFrames: number): Posteriorgram {
  return { nFrames, frames: new Float32Array(nFrames * P), onsets: new Float32Array(nFrames * P) };
}

/** A note at MIDI `pitch`: frames at `level` over [start, end), an onset spike at start. */
function paint(
  g: Posteriorgram,
  pitch: number,
  start: number,
  end: number,
  level = 0.8,
  onset = 0.9,
) {
  const p = pitch - 21;
  for (let t = start; t < end; t++) g.frames[t * P + p] = level;
  if (onset > 0) g.onsets[start * P + p] = onset;
}

const exact = { inferOnsets: false, melodiaTrick: false, minNoteFrames: 5 };

describe('createNotes', () => {
  it('starts a note at an onset peak and ends it where the frames fall below the threshold', () => {
    const g = grid(100);
    paint(g, 60, 10, 40);
    const notes = createNotes(g, exact);
    expect(notes).toEqual([
      { startFrame: 10, endFrame: 40, pitch: 60, amplitude: expect.closeTo(0.8, 5) },
    ]);
  });

  it('ignores onsets at or below the onset threshold', () => {
    const g = grid(100);
    paint(g, 60, 10, 40, 0.8, 0.5);
    expect(createNotes(g, { ...exact, onsetThreshold: 0.5 })).toEqual([]);
    expect(createNotes(g, { ...exact, onsetThreshold: 0.45 })).toHaveLength(1);
  });

  it('bridges gaps shorter than the energy tolerance, and no longer ones', () => {
    const g = grid(120);
    paint(g, 64, 10, 30);
    paint(g, 64, 35, 60, 0.8, 0); // a 5-frame dip, no new onset
    expect(createNotes(g, { ...exact, energyTolerance: 11 })[0]).toMatchObject({
      startFrame: 10,
      endFrame: 60,
    });
    expect(createNotes(g, { ...exact, energyTolerance: 3 })[0]).toMatchObject({
      startFrame: 10,
      endFrame: 30,
    });
  });

  it('drops notes no longer than the minimum length', () => {
    const g = grid(60);
    paint(g, 50, 10, 16); // 6 frames
    expect(createNotes(g, { ...exact, minNoteFrames: 6 })).toEqual([]);
    expect(createNotes(g, { ...exact, minNoteFrames: 5 })).toHaveLength(1);
  });

  it('applies the frame threshold to where a note ends', () => {
    const g = grid(100);
    paint(g, 60, 10, 30, 0.8);
    paint(g, 60, 30, 60, 0.35, 0);
    expect(createNotes(g, { ...exact, frameThreshold: 0.3 })[0]?.endFrame).toBe(60);
    expect(createNotes(g, { ...exact, frameThreshold: 0.4 })[0]?.endFrame).toBe(30);
  });

  it('keeps only the allowed pitch range', () => {
    const g = grid(60);
    paint(g, 30, 5, 40);
    paint(g, 90, 5, 40);
    const notes = createNotes(g, { ...exact, minPitch: 40, maxPitch: 100 });
    expect(notes.map((n) => n.pitch)).toEqual([90]);
  });

  it('consumes the energy of a note and its neighbouring semitones (no duplicate from the melodia pass)', () => {
    const g = grid(80);
    paint(g, 60, 10, 50);
    paint(g, 61, 10, 50, 0.6, 0); // a neighbour's bleed
    const notes = createNotes(g, { ...exact, melodiaTrick: true });
    expect(notes).toHaveLength(1);
  });

  it('melodia trick: finds a note with no onset from leftover frame energy, growing both ways', () => {
    const g = grid(100);
    paint(g, 72, 20, 60, 0.7, 0);
    g.frames[40 * P + 72 - 21] = 0.9; // strongest cell in the middle
    expect(createNotes(g, exact)).toEqual([]);
    const notes = createNotes(g, { ...exact, melodiaTrick: true });
    expect(notes).toHaveLength(1);
    // The published forward pass ends one frame short (i_end = i - 1 - k); kept as published.
    expect(notes[0]).toMatchObject({ pitch: 72, startFrame: 20, endFrame: 59 });
  });

  it('infers an onset from a sharp frame rise when the onset output missed it', () => {
    const g = grid(100);
    paint(g, 67, 30, 70, 0.9, 0);
    g.onsets[5 * P] = 0.9; // some onset elsewhere sets the scale
    const withInference = createNotes(g, { ...exact, inferOnsets: true, onsetThreshold: 0.5 });
    expect(withInference.find((n) => n.pitch === 67)).toMatchObject({
      startFrame: 30,
      endFrame: 70,
    });
    expect(
      createNotes(g, { ...exact, onsetThreshold: 0.5 }).find((n) => n.pitch === 67),
    ).toBeUndefined();
  });

  it('returns nothing for silence', () => {
    expect(createNotes(grid(500))).toEqual([]);
    expect(createNotes(grid(0))).toEqual([]);
  });

  it('does not modify its input', () => {
    const g = grid(60);
    paint(g, 60, 10, 40);
    const before = g.frames.slice();
    createNotes(g, { melodiaTrick: true });
    expect(g.frames).toEqual(before);
  });
});

describe('onsetPeaks and inferOnsets', () => {
  it('finds strict local maxima in time, latest first, never at the edges', () => {
    const n = 10;
    const onsets = new Float32Array(n * P);
    onsets[0 * P + 5] = 0.9; // edge: excluded, as scipy's argrelmax
    onsets[3 * P + 5] = 0.9;
    onsets[4 * P + 5] = 0.9; // a plateau is not a strict maximum
    onsets[7 * P + 2] = 0.8;
    expect(onsetPeaks(onsets, n, 0.5)).toEqual([[7, 2]]);
  });

  it('rescales frame rises to the onset maximum and keeps the larger value', () => {
    const n = 6;
    const frames = new Float32Array(n * P);
    const onsets = new Float32Array(n * P);
    onsets[1 * P + 10] = 0.6;
    for (let t = 3; t < n; t++) frames[t * P + 20] = 0.5;
    const out = inferOnsets(frames, onsets, n);
    expect(out[3 * P + 20]).toBeCloseTo(0.6); // rise 0.5 scaled to the onset max 0.6
    expect(out[4 * P + 20]).toBe(0); // rise over one frame is 0: min of the two rises
    expect(out[1 * P + 10]).toBeCloseTo(0.6);
  });
});
