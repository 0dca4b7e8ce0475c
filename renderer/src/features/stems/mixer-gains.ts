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
