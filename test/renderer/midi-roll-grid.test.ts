/** The piano roll's bar grid and zoom steps. */
import { describe, expect, it } from 'vitest';
import { followScroll, gridLines, zoomStep } from '../../renderer/src/features/midi/roll-grid.ts';

describe('piano roll bar grid', () => {
  it('puts a line on every beat and marks bar starts, at the file tempo', () => {
    // 120 BPM: a beat every 0.5 s; 4/4: a bar every 2 s.
    const lines = gridLines(4, 120, 4);
    expect(lines.map((l) => l.time)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4]);
    expect(lines.filter((l) => l.downbeat).map((l) => [l.time, l.bar])).toEqual([
      [0, 1],
      [2, 2],
      [4, 3],
    ]);
  });

  it('follows a 3/4 signature and a slower tempo', () => {
    // 90 BPM: a beat every 2/3 s; 3/4: a bar every 2 s.
    const bars = gridLines(6, 90, 3).filter((l) => l.downbeat);
    expect(bars.map((l) => l.time)).toEqual([0, 2, 4, 6]);
    expect(bars.map((l) => l.bar)).toEqual([1, 2, 3, 4]);
  });

  it('assumes 120 BPM when the file has no tempo', () => {
    expect(gridLines(1, null, 4).map((l) => l.time)).toEqual([0, 0.5, 1]);
  });
});

describe('piano roll zoom', () => {
  it('steps through the zoom levels and stops at the ends', () => {
    expect(zoomStep(60, 1)).toBe(120);
    expect(zoomStep(60, -1)).toBe(30);
    expect(zoomStep(480, 1)).toBe(480);
    expect(zoomStep(15, -1)).toBe(15);
  });

  it('keeps a playing playhead in view: still while inside, a page along when near the edge', () => {
    // A 800 px view at the start: a playhead at 300 px needs no scroll.
    expect(followScroll(0, 800, 300)).toBe(0);
    // Near the right edge (past 90 % of the view): jump so it sits a quarter of the way in.
    expect(followScroll(0, 800, 760)).toBe(560);
    // Out of view on the right (the user scrolled back while it played): bring it back.
    expect(followScroll(0, 800, 5000)).toBe(4800);
    // Out of view on the left (the user scrolled ahead): bring it back, never below 0.
    expect(followScroll(3000, 800, 100)).toBe(0);
    expect(followScroll(3000, 800, 2900)).toBe(2700);
  });
});
