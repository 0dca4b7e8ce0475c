/** The stems mixer's mute/solo rule. */
import { describe, expect, it } from 'vitest';
import {
  effectiveGains,
  gainDb,
  meterPercent,
  panLabel,
} from '../../renderer/src/features/stems/mixer-gains.ts';

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

describe('stems mixer readouts', () => {
  it('reads a fader in dB: unity, half, boost and silence', () => {
    expect(gainDb(1)).toBe('0.0 dB');
    expect(gainDb(0.5)).toBe('−6.0 dB');
    expect(gainDb(1.5)).toBe('+3.5 dB');
    expect(gainDb(0)).toBe('−∞ dB');
  });

  it('names pan positions from the centre', () => {
    expect(panLabel(0)).toBe('C');
    expect(panLabel(-0.3)).toBe('L 30');
    expect(panLabel(1)).toBe('R 100');
  });

  it('maps levels onto a −60 dB meter scale, clamped', () => {
    expect(meterPercent(0)).toBe(100);
    expect(meterPercent(-30)).toBe(50);
    expect(meterPercent(-90)).toBe(0);
    expect(meterPercent(6)).toBe(100);
  });
});
