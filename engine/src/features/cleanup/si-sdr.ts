/**
 * Scale-invariant signal-to-distortion ratio (Le Roux et al., 2019), the eval's and the
 * integration test's measure of how much closer the denoised signal is to the clean reference:
 * both signals are made zero-mean, the estimate is projected onto the reference, and the ratio of
 * the projection's energy to the residual's is taken in dB. Scaling the estimate does not change
 * it; a 20 dB gain in SI-SDR is a tenfold smaller error amplitude.
 */

export function siSdr(estimate: ArrayLike<number>, reference: ArrayLike<number>): number {
  const n = Math.min(estimate.length, reference.length);
  if (n === 0) throw new Error('SI-SDR needs non-empty signals');
  let meanE = 0;
  let meanR = 0;
  for (let i = 0; i < n; i++) {
    meanE += estimate[i]!;
    meanR += reference[i]!;
  }
  meanE /= n;
  meanR /= n;
  let dot = 0;
  let refEnergy = 0;
  for (let i = 0; i < n; i++) {
    const r = reference[i]! - meanR;
    dot += (estimate[i]! - meanE) * r;
    refEnergy += r * r;
  }
  if (refEnergy === 0) throw new Error('SI-SDR needs a reference that is not silent');
  const alpha = dot / refEnergy;
  let target = 0;
  let noise = 0;
  for (let i = 0; i < n; i++) {
    const t = alpha * (reference[i]! - meanR);
    const d = estimate[i]! - meanE - t;
    target += t * t;
    noise += d * d;
  }
  return 10 * Math.log10((target + 1e-20) / (noise + 1e-20));
}
