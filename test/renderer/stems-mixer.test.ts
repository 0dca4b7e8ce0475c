/** The stems mixer's mute/solo rule. */
import { describe, expect, it } from 'vitest';
import { effectiveGains } from '../../renderer/src/features/stems/mixer-gains.ts';

describe('stems mixer gains', () => {
  it('plays every stem at its volume when nothing is muted or soloed', () => {
    expect(
      effectiveGains([
        { volume: 1, muted: false, solo: false },
        { volume: 0.5, muted: false, solo: false },
      ]),
    ).toEqual([1, 0.5]);
  });

  it('silences muted stems', () => {
    expect(
      effectiveGains([
        { volume: 1, muted: true, solo: false },
        { volume: 0.5, muted: false, solo: false },
      ]),
    ).toEqual([0, 0.5]);
  });

  it('any solo silences every stem that is not soloed; mute still wins on a soloed stem', () => {
    expect(
      effectiveGains([
        { volume: 0.8, muted: false, solo: true },
        { volume: 1, muted: false, solo: false },
        { volume: 1, muted: true, solo: true },
        { volume: 0.3, muted: false, solo: true },
      ]),
    ).toEqual([0.8, 0, 0, 0.3]);
  });
});
