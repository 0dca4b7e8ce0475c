import { describe, expect, it } from 'vitest';
import { diarizationError } from './diarization-error.ts';

const reference = [
  { speaker: 'a', start: 0, end: 10 },
  { speaker: 'b', start: 11, end: 20 },
];

describe('diarizationError', () => {
  it('is 0 for the reference itself under any names', () => {
    const renamed = reference.map((t) => ({ ...t, speaker: t.speaker === 'a' ? 'X' : 'Y' }));
    expect(diarizationError(reference, renamed).der).toBe(0);
  });

  it('counts one speaker for everything as confusion of the shorter turn', () => {
    const result = diarizationError(reference, [{ speaker: 'X', start: 0, end: 20 }], 0);
    expect(result.confusion).toBeCloseTo(9, 1);
    expect(result.falseAlarm).toBeCloseTo(1, 1);
    expect(result.der).toBeCloseTo(10 / 19, 2);
  });

  it('counts silence where speech was as missed, and ignores frames inside the collar', () => {
    const late = [
      { speaker: 'X', start: 2, end: 10 },
      { speaker: 'Y', start: 11, end: 20 },
    ];
    expect(diarizationError(reference, late, 0).missed).toBeCloseTo(2, 1);
    const nearBoundary = [
      { speaker: 'X', start: 0.2, end: 10 },
      { speaker: 'Y', start: 11, end: 20 },
    ];
    expect(diarizationError(reference, nearBoundary, 0.25).der).toBe(0);
  });
});
