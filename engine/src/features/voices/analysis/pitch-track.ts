/**
 * What a listener hears first in a voice, measured on its audio: the median fundamental
 * frequency of its voiced frames and how long it actually speaks. Used to check that character
 * presets and designed voices sound as predicted, to tell design previews apart, and to hint
 * the gender of a voice made from a sample. Plain autocorrelation over 40 ms frames (speech F0
 * is stable within one), on the loudest frames only so silence and breaths do not vote.
 */

export interface VoiceMeasure {
  /** Median F0 of the voiced frames, Hz (0 when nothing voiced was found). */
  f0: number;
  /** Seconds of frames louder than −40 dB below the loudest, a proxy for speaking time. */
  speechSeconds: number;
  /** Whole length, seconds. */
  seconds: number;
}

const MIN_F0 = 60;
const MAX_F0 = 500;
/** Normalised autocorrelation a frame needs to count as voiced. */
const VOICED = 0.45;

/** Prefix sums of squares: the energy of any range in O(1). */
function squares(x: Float32Array): Float64Array {
  const out = new Float64Array(x.length + 1);
  for (let i = 0; i < x.length; i++) out[i + 1] = (out[i] ?? 0) + (x[i] ?? 0) * (x[i] ?? 0);
  return out;
}

function energy(sq: Float64Array, from: number, to: number): number {
  return (sq[to] ?? 0) - (sq[from] ?? 0);
}

/** F0 of one frame, or 0 when it is not clearly periodic. */
function frameF0(
  x: Float32Array,
  sq: Float64Array,
  from: number,
  length: number,
  sampleRate: number,
): number {
  const minLag = Math.floor(sampleRate / MAX_F0);
  const maxLag = Math.min(length - 1, Math.ceil(sampleRate / MIN_F0));
  if (energy(sq, from, from + length) === 0) return 0;
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = from; i + lag < from + length; i++) sum += (x[i] ?? 0) * (x[i + lag] ?? 0);
    // Normalised by the overlap's energy so long lags are not penalised.
    const norm = Math.sqrt(
      energy(sq, from, from + length - lag) * energy(sq, from + lag, from + length),
    );
    const r = norm > 0 ? sum / norm : 0;
    if (r > best) {
      best = r;
      bestLag = lag;
    }
  }
  return best >= VOICED && bestLag > 0 ? sampleRate / bestLag : 0;
}

export function measureVoice(samples: Float32Array, sampleRate: number): VoiceMeasure {
  const frame = Math.round(0.04 * sampleRate);
  const sq = squares(samples);
  const frames: { at: number; energy: number }[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame)
    frames.push({ at, energy: energy(sq, at, at + frame) / frame });
  const loudest = frames.reduce((m, f) => Math.max(m, f.energy), 0);
  // −40 dB in power.
  const speaking = frames.filter((f) => f.energy > loudest * 1e-4);
  const loud = [...speaking].sort((a, b) => b.energy - a.energy).slice(0, 40);
  const f0s = loud
    .map((f) => frameF0(samples, sq, f.at, frame, sampleRate))
    .filter((f) => f > 0)
    .sort((a, b) => a - b);
  return {
    f0: f0s.length > 0 ? (f0s[Math.floor(f0s.length / 2)] ?? 0) : 0,
    speechSeconds: (speaking.length * frame) / sampleRate,
    seconds: samples.length / sampleRate,
  };
}
