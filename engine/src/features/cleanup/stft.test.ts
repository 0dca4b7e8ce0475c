// The DSP under both denoisers: the mixed-radix FFT against a direct DFT (960 = 2^6·3·5 is
// DeepFilterNet's size), and perfect reconstruction of the streaming STFT for both published
// window/scale pairs, with the output delayed by exactly fftSize − hop samples.
import { describe, expect, it } from 'vitest';
import { FftPlan, RealFft } from '../../audio/fft-plan.ts';
import { deepFilterStft, gtcrnStft, StftAnalyzer, StftSynthesizer, type StftSpec } from './stft.ts';

function noise(n: number, seed = 1): Float32Array {
  let s = seed;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out[i] = s / 1073741824 - 1;
  }
  return out;
}

describe('FftPlan', () => {
  it.each([8, 12, 60, 512, 960])('matches a direct DFT at size %i', (n) => {
    const x = noise(2 * n, n);
    const re = Float64Array.from(x.subarray(0, n));
    const im = Float64Array.from(x.subarray(n));
    new FftPlan(n).transform(re, im);
    let worst = 0;
    for (let k = 0; k < n; k++) {
      let sr = 0;
      let si = 0;
      for (let j = 0; j < n; j++) {
        const a = (-2 * Math.PI * j * k) / n;
        sr += x[j]! * Math.cos(a) - x[n + j]! * Math.sin(a);
        si += x[j]! * Math.sin(a) + x[n + j]! * Math.cos(a);
      }
      worst = Math.max(worst, Math.abs(sr - re[k]!), Math.abs(si - im[k]!));
    }
    expect(worst).toBeLessThan(1e-9 * n);
  });

  it.each([8, 12, 512, 960])(
    'gives a real signal the same bins as a direct DFT at size %i',
    (n) => {
      const x = noise(n, 3 * n);
      const fft = new RealFft(n);
      const re = new Float32Array(fft.bins);
      const im = new Float32Array(fft.bins);
      fft.forward(x, re, im);
      let worst = 0;
      for (let k = 0; k < fft.bins; k++) {
        let sr = 0;
        let si = 0;
        for (let j = 0; j < n; j++) {
          sr += x[j]! * Math.cos((-2 * Math.PI * j * k) / n);
          si += x[j]! * Math.sin((-2 * Math.PI * j * k) / n);
        }
        worst = Math.max(worst, Math.abs(sr - re[k]!), Math.abs(si - im[k]!));
      }
      expect(worst).toBeLessThan(1e-5 * n);
    },
  );

  it('inverts a real transform (irfft · 1/N)', () => {
    const fft = new RealFft(960);
    const x = noise(960, 7);
    const re = new Float32Array(fft.bins);
    const im = new Float32Array(fft.bins);
    fft.forward(x, re, im);
    const back = new Float64Array(960);
    fft.inverse(re, im, back);
    for (let i = 0; i < 960; i++) expect(back[i]! / 960).toBeCloseTo(x[i]!, 4);
  });
});

function roundTrip(spec: StftSpec, x: Float32Array): Float32Array {
  const analyzer = new StftAnalyzer(spec);
  const synthesizer = new StftSynthesizer(spec);
  const out = new Float32Array(x.length);
  for (let t = 0; t + spec.hop <= x.length; t += spec.hop) {
    synthesizer.push(analyzer.push(x.subarray(t, t + spec.hop)), out, t);
  }
  return out;
}

describe('streaming STFT', () => {
  it.each([
    ['GTCRN (√Hann 512/256)', gtcrnStft()],
    ['DeepFilterNet (Vorbis 960/480, libDF norm)', deepFilterStft(960, 480)],
  ])('%s reconstructs the input exactly, delayed by fftSize − hop', (_name, spec) => {
    const x = noise(spec.hop * 40, 3);
    const y = roundTrip(spec, x);
    const delay = spec.fftSize - spec.hop;
    let worst = 0;
    for (let i = spec.fftSize; i < x.length - delay; i++) {
      worst = Math.max(worst, Math.abs(y[i + delay]! - x[i]!));
    }
    expect(worst).toBeLessThan(1e-5);
    // Not the identity: without the delay the signals differ.
    expect(Math.abs(y[spec.fftSize + 5]! - x[spec.fftSize + 5]!)).toBeGreaterThan(1e-3);
  });

  it('scales the DeepFilterNet spectrum by libDF wnorm: a full-scale DC frame has bin 0 = Σw·2H/N²', () => {
    const spec = deepFilterStft(960, 480);
    const analyzer = new StftAnalyzer(spec);
    analyzer.push(new Float32Array(480).fill(1));
    const frame = analyzer.push(new Float32Array(480).fill(1));
    const sum = spec.window.reduce((a, w) => a + w, 0);
    expect(frame.re[0]).toBeCloseTo((sum * 960) / (960 * 960), 5);
  });
});
