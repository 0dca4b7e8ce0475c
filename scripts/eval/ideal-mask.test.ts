import { describe, expect, it } from 'vitest';
import { siSdr } from '../../engine/src/features/cleanup/si-sdr.ts';
import { idealMask } from './ideal-mask.ts';

const RATE = 16_000;

function tone(hz: number, seconds: number, amplitude: number): Float32Array {
  const x = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < x.length; i++) x[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / RATE);
  return x;
}

/** Deterministic white noise (a fixed linear congruential sequence). */
function noise(length: number, amplitude: number): Float32Array {
  const x = new Float32Array(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    x[i] = amplitude * (state / 2 ** 30 - 1);
  }
  return x;
}

describe('idealMask (ratio)', () => {
  it('returns a clean input unchanged, aligned and of the same length', () => {
    const clean = tone(440, 1, 0.3);
    const out = idealMask(clean, clean, RATE);
    expect(out.length).toBe(clean.length);
    expect(siSdr(out, clean)).toBeGreaterThan(60);
  });

  it('removes noise that lies outside the speech bins, and cannot remove what shares them', () => {
    const clean = tone(440, 2, 0.3);
    const hum = tone(3000, 2, 0.3);
    const apart = idealMask(
      clean,
      clean.map((v, i) => v + hum[i]!),
      RATE,
    );
    expect(siSdr(apart, clean)).toBeGreaterThan(30);
    // White noise at 0 dB in every bin: the mask keeps the speech-dominated bins only.
    const white = noise(clean.length, 0.3);
    const noisy = clean.map((v, i) => v + white[i]!);
    const gain = siSdr(idealMask(clean, noisy, RATE), clean) - siSdr(noisy, clean);
    expect(gain).toBeGreaterThan(10);
  });
});

describe('idealMask (phase-sensitive)', () => {
  it('does at least as well as the ratio mask on white noise, and keeps a clean input', () => {
    const clean = tone(440, 2, 0.3);
    expect(siSdr(idealMask(clean, clean, RATE, 'phase-sensitive'), clean)).toBeGreaterThan(60);
    const white = noise(clean.length, 0.3);
    const noisy = clean.map((v, i) => v + white[i]!);
    const ratio = siSdr(idealMask(clean, noisy, RATE, 'ratio'), clean);
    const phase = siSdr(idealMask(clean, noisy, RATE, 'phase-sensitive'), clean);
    expect(phase).toBeGreaterThan(ratio);
  });
});
