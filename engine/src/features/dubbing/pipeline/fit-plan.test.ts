// Fitting a spoken line into its slot (docs/api/speech-translation.md, "Fitting a line"): as
// spoken, then at most 1.35× faster, then into the following silence up to the next line, then
// cut — never past the next line's start less the guard.
import { describe, expect, it } from 'vitest';
import { fitLine, fits, GUARD_SECONDS, MAX_SPEED, slotsOf } from './fit-plan.ts';

describe('fitLine', () => {
  const slot = { start: 10, end: 12, limit: 13 };

  it('keeps a line that fits as spoken', () => {
    expect(fitLine(1.5, slot)).toEqual({ speed: 1, end: 11.5, borrowed: 0, cut: 0 });
  });

  it('speeds a slightly long line up, never past 1.35×', () => {
    const fit = fitLine(2.6, slot);
    expect(fit.speed).toBeCloseTo(1.3, 3);
    expect(fit.end).toBeCloseTo(12, 3);
    expect(fit.borrowed).toBe(0);
    expect(fits(fit)).toBe(true);
  });

  it('borrows the following silence at 1.35× before anything is cut', () => {
    const fit = fitLine(3.6, slot);
    expect(fit.speed).toBe(MAX_SPEED);
    expect(fit.end).toBeCloseTo(10 + 3.6 / MAX_SPEED, 3);
    expect(fit.borrowed).toBeCloseTo(3.6 / MAX_SPEED - 2, 3);
    expect(fit.cut).toBe(0);
  });

  it('cuts what does not fit even then, at the limit', () => {
    const fit = fitLine(6, slot);
    expect(fit.speed).toBe(MAX_SPEED);
    expect(fit.end).toBe(13);
    expect(fit.borrowed).toBe(1);
    expect(fit.cut).toBeCloseTo(6 / MAX_SPEED - 3, 3);
    expect(fits(fit)).toBe(false);
  });
});

describe('slotsOf', () => {
  it('limits each line by the next line, whoever speaks it, and the last by the recording', () => {
    const slots = slotsOf(
      [
        { id: 2, start: 5, end: 7 },
        { id: 1, start: 0, end: 4.98 },
        { id: 3, start: 9, end: 10 },
      ],
      12,
    );
    expect(slots.get(1)).toEqual({ start: 0, end: 4.95, limit: 5 - GUARD_SECONDS });
    expect(slots.get(2)?.limit).toBeCloseTo(9 - GUARD_SECONDS, 6);
    expect(slots.get(3)?.limit).toBe(12);
  });
});
