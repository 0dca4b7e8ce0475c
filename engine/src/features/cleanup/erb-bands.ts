/**
 * DeepFilterNet's ERB filterbank: how many FFT bins each of the `nbBands` bands holds, computed
 * as libDF's `erb_fb` does (uniform steps on the ERB scale, rounded to bins, at least
 * `minNbFreqs` bins per band, the last band taking the Nyquist bin). The model's ERB features
 * are band powers over these widths and its ERB gains apply per band with the same widths, so
 * any difference here would feed the network features it never saw.
 */

function freqToErb(hz: number): number {
  return 9.265 * Math.log1p(hz / (24.7 * 9.265));
}

function erbToFreq(erb: number): number {
  return 24.7 * 9.265 * (Math.exp(erb / 9.265) - 1);
}

/** Bin count per band; the counts sum to fftSize/2+1. */
export function erbBandWidths(
  sampleRate: number,
  fftSize: number,
  nbBands: number,
  minNbFreqs: number,
): number[] {
  const nyquist = sampleRate / 2;
  const freqWidth = sampleRate / fftSize;
  const erbLow = freqToErb(0);
  const erbHigh = freqToErb(nyquist);
  const step = (erbHigh - erbLow) / nbBands;
  const widths = new Array<number>(nbBands).fill(0);
  let prevBin = 0;
  let over = 0;
  for (let i = 1; i <= nbBands; i++) {
    const f = erbToFreq(erbLow + i * step);
    const bin = Math.round(f / freqWidth);
    let count = bin - prevBin - over;
    if (count < minNbFreqs) {
      over = minNbFreqs - count;
      count = minNbFreqs;
    } else {
      over = 0;
    }
    widths[i - 1] = count;
    prevBin = bin;
  }
  widths[nbBands - 1]! += 1; // the Nyquist bin: fftSize/2+1 bins in all
  const excess = widths.reduce((a, b) => a + b, 0) - (fftSize / 2 + 1);
  if (excess > 0) widths[nbBands - 1]! -= excess;
  return widths;
}

/** Band power (mean |X|² over the band's bins) for every band. */
export function bandPowers(
  re: Float32Array,
  im: Float32Array,
  widths: readonly number[],
  out: Float32Array,
): void {
  let bin = 0;
  for (let b = 0; b < widths.length; b++) {
    const width = widths[b]!;
    let sum = 0;
    for (let k = bin; k < bin + width; k++) sum += re[k]! * re[k]! + im[k]! * im[k]!;
    out[b] = sum / width;
    bin += width;
  }
}

/** Multiplies every bin of band b by gains[b] (libDF `apply_interp_band_gain`). */
export function applyBandGains(
  re: Float32Array,
  im: Float32Array,
  widths: readonly number[],
  gains: ArrayLike<number>,
): void {
  let bin = 0;
  for (let b = 0; b < widths.length; b++) {
    const g = gains[b]!;
    const end = bin + widths[b]!;
    for (let k = bin; k < end; k++) {
      re[k]! *= g;
      im[k]! *= g;
    }
    bin = end;
  }
}
