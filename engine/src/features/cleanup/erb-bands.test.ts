// DeepFilterNet's ERB filterbank and normalisation decay, against the published numbers.
import { describe, expect, it } from 'vitest';
import { dfn3ParamsFromIni, normAlpha } from './dfn3-config.ts';
import { applyBandGains, bandPowers, erbBandWidths } from './erb-bands.ts';

describe('erbBandWidths (libDF erb_fb)', () => {
  const widths = erbBandWidths(48_000, 960, 32, 2);

  it('covers every one of the 481 bins with 32 bands of at least 2 bins', () => {
    expect(widths).toHaveLength(32);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(481);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(2);
  });

  it('is narrow at the bottom and wide at the top, as the ERB scale', () => {
    // The low bands are clamped to the minimum of 2 bins (50 Hz each at 48 kHz/960).
    expect(widths.slice(0, 4)).toEqual([2, 2, 2, 2]);
    expect(widths[31]!).toBeGreaterThan(60);
    for (let b = 8; b < 31; b++) expect(widths[b + 1]!).toBeGreaterThanOrEqual(widths[b]!);
  });

  it('averages power per band and applies one gain to every bin of a band', () => {
    const re = new Float32Array(481).fill(2);
    const im = new Float32Array(481).fill(0);
    const power = new Float32Array(32);
    bandPowers(re, im, widths, power);
    expect([...power].every((p) => p === 4)).toBe(true);
    const gains = Array.from({ length: 32 }, (_, b) => b / 31);
    applyBandGains(re, im, widths, gains);
    expect(re[0]).toBe(0);
    expect(re[480]).toBeCloseTo(2, 6);
    expect(re[widths[0]! + widths[1]!]).toBeCloseTo(2 * (2 / 31), 6);
  });
});

describe('DeepFilterNet config', () => {
  it('reads the [df] and [deepfilternet] numbers and rounds alpha as the Python does', () => {
    const params = dfn3ParamsFromIni(
      '[df]\nsr = 48000\nfft_size = 960\nhop_size = 480\nnb_erb = 32\nnb_df = 96\nnorm_tau = 1\n' +
        'df_order = 5\ndf_lookahead = 2\n[deepfilternet]\nconv_lookahead = 2\n',
    );
    expect(params).toMatchObject({
      fftSize: 960,
      hop: 480,
      nbDf: 96,
      dfOrder: 5,
      convLookahead: 2,
    });
    expect(normAlpha(480, 48_000, 1)).toBe(0.99);
    expect(() => dfn3ParamsFromIni('[df]\nsr = 48000\n')).toThrow(/fft_size/);
  });
});
