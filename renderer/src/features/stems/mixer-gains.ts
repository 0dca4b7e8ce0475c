/**
 * The mixer's mute/solo rule as one pure function (no DOM), so it is unit tested: a muted stem
 * is silent; when any stem is soloed, every stem that is not soloed is silent.
 */
/** The gain each stem plays at. */
export function effectiveGains(
  states: readonly { volume: number; muted: boolean; solo: boolean }[],
): number[] {
  const anySolo = states.some((s) => s.solo);
  return states.map((s) => (s.muted || (anySolo && !s.solo) ? 0 : s.volume));
}

/** A fader position as a musician reads it: 1 → "0.0 dB", 0.5 → "−6.0 dB", 0 → "−∞ dB". */
export function gainDb(volume: number): string {
  if (volume <= 0) return '−∞ dB';
  const db = 20 * Math.log10(volume);
  const text = Math.abs(db).toFixed(1);
  return db >= 0.05 ? `+${text} dB` : db <= -0.05 ? `−${text} dB` : '0.0 dB';
}

/** A pan position: 0 → "C", -0.3 → "L 30", 1 → "R 100". */
export function panLabel(pan: number): string {
  const amount = Math.round(Math.abs(pan) * 100);
  if (amount === 0) return 'C';
  return `${pan < 0 ? 'L' : 'R'} ${amount}`;
}

/** A meter's fill, 0–100 %, for a level in dBFS over a −60 dB scale. */
export function meterPercent(levelDb: number): number {
  return Math.max(0, Math.min(100, ((levelDb + 60) / 60) * 100));
}
