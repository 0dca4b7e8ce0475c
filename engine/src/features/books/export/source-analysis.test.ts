import { describe, expect, it } from 'vitest';
import { planGain, type SourceAnalysis } from './source-analysis.ts';

/** 10 ms windows: `quiet` seconds of near-silence, speech at `speechDb`, then quiet again. */
function analysis(lead: number, speech: number, trail: number, speechDb: number): SourceAnalysis {
  const w = (s: number) => Math.round(s * 100);
  const ms = 10 ** (speechDb / 10);
  const windows = new Float32Array([
    ...Array<number>(w(lead)).fill(1e-9),
    ...Array<number>(w(speech)).fill(ms),
    ...Array<number>(w(trail)).fill(1e-9),
  ]);
  return {
    sampleRate: 22_050,
    durationSeconds: lead + speech + trail,
    windows,
    windowSeconds: 0.01,
  };
}

describe('gain plan', () => {
  it('trims the existing edges and sets the gain for the finished file’s RMS', () => {
    const plan = planGain(analysis(1.3, 60, 5.4, -28), -20, 2.75);
    expect(plan.startSeconds).toBeCloseTo(1.3, 2);
    expect(plan.endSeconds).toBeCloseTo(61.3, 2);
    // Energy over speech + padding at −20 dB: gain = 8 dB + 10·log10(62.75/60).
    expect(plan.gainDb).toBeCloseTo(8 + 10 * Math.log10(62.75 / 60), 2);
    expect(plan.noiseFloorDb).toBeCloseTo(-28, 1);
  });

  it('refuses digital silence', () => {
    const silent: SourceAnalysis = {
      sampleRate: 22_050,
      durationSeconds: 1,
      windows: new Float32Array(100),
      windowSeconds: 0.01,
    };
    expect(() => planGain(silent, -20, 2)).toThrow(/digital silence/);
  });
});
