/**
 * Smooth frequency crossovers for the DSP tier. A crossover at f splits every bin into a low
 * weight and a high weight that sum to exactly 1 (a raised-cosine fade one octave wide,
 * centred on f on a log-frequency axis), so splitting a stem into bands never loses or adds
 * energy: the bands sum back to the stem.
 */

/** The low side's weight at `hz` for a crossover at `at` Hz; the high side is 1 − this. */
export function lowWeight(hz: number, at: number): number {
  if (hz <= 0) return 1;
  const octaves = Math.log2(hz / at); // −0.5 … 0.5 is the fade
  if (octaves <= -0.5) return 1;
  if (octaves >= 0.5) return 0;
  return 0.5 + 0.5 * Math.cos(Math.PI * (octaves + 0.5));
}

/** Weight of the band [from, to) Hz (from = 0: no low edge; to = Infinity: no high edge). */
export function bandWeight(hz: number, from: number, to: number): number {
  const aboveFrom = from <= 0 ? 1 : 1 - lowWeight(hz, from);
  const belowTo = Number.isFinite(to) ? lowWeight(hz, to) : 1;
  return aboveFrom * belowTo;
}

/** Centre frequency of bin k for an FFT of `size` at `sampleRate`. */
export function binHz(k: number, size: number, sampleRate: number): number {
  return (k * sampleRate) / size;
}
