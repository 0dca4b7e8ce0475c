/**
 * The channel conversion the audio core applies, as an ffmpeg filter. ffmpeg's default rematrix
 * follows a −3 dB pan law: mono → stereo puts each side at 0.707 and stereo → mono sums the
 * sides at 0.707 each (identical sides come out +3 dB, louder than either). Levels matter here
 * (ACX checks RMS and peaks), so the two everyday cases are explicit:
 *   - mono → N channels copies the signal to every channel, unchanged;
 *   - stereo → mono averages the sides (dual-mono speech keeps its level; it never clips).
 * Other conversions (5.1 → stereo or mono) keep ffmpeg's standard downmix, which knows the
 * layouts (centre, LFE, surrounds).
 */

/** The `pan` filter for from → to, or null when ffmpeg's own conversion (`-ac`) is right. */
export function channelMapFilter(from: number | null, to: number): string | null {
  if (from === null || from === to) return null;
  if (from === 1) {
    const outputs = Array.from({ length: to }, (_, c) => `c${c}=c0`).join('|');
    return `pan=${to}c|${outputs}`;
  }
  if (from === 2 && to === 1) return 'pan=mono|c0=0.5*c0+0.5*c1';
  return null;
}
