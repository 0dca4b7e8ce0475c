/**
 * Fitting a spoken line into its slot (docs/api/speech-translation.md, "Fitting a line"). The
 * line starts where its source line starts; what dubbing tools are blamed for is speech squeezed
 * too fast and speech running into the next speaker, so in this order:
 *
 * 1. as spoken, when it fits the source line's length;
 * 2. sped up (pitch kept), at most 1.35×;
 * 3. at that pace, running on into the silence after the source line, up to the next line's
 *    start (less 50 ms) — never over the next speaker;
 * 4. a shorter wording (shorter-wording.ts; the caller speaks it and asks again);
 * 5. still too long: the shortest wording at 1.35×, cut at the next line with a short fade, and
 *    the cut reported so the studio marks the line for editing.
 *
 * Pure: durations in, a placement out.
 */

export const MAX_SPEED = 1.35;
/** Clear air kept before the next line. */
export const GUARD_SECONDS = 0.05;
/** Below this difference a line "fits" (atempo and sample rounding). */
const EPSILON = 0.005;

export interface Slot {
  /** The source line's start and end, seconds. */
  start: number;
  end: number;
  /** The latest the line may end: the next line's start less the guard, or the recording's end. */
  limit: number;
}

export interface Fit {
  speed: number;
  /** Where the spoken line ends. */
  end: number;
  /** Seconds past the source line's end, taken from the silence after it. */
  borrowed: number;
  /** Seconds of the line that do not fit and are cut (0 when it fits). */
  cut: number;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export function fitLine(seconds: number, slot: Slot): Fit {
  const natural = Math.max(0.05, slot.end - slot.start);
  const room = Math.max(natural, slot.limit - slot.start);
  const speed = Math.min(MAX_SPEED, Math.max(1, seconds / natural));
  const length = seconds / speed;
  if (length <= natural + EPSILON)
    return { speed: round3(speed), end: round3(slot.start + length), borrowed: 0, cut: 0 };
  if (length <= room + EPSILON)
    return {
      speed: round3(speed),
      end: round3(slot.start + Math.min(length, room)),
      borrowed: round3(Math.min(length, room) - natural),
      cut: 0,
    };
  return {
    speed: round3(speed),
    end: round3(slot.start + room),
    borrowed: round3(room - natural),
    cut: round3(length - room),
  };
}

export function fits(fit: Fit): boolean {
  return fit.cut === 0;
}

/**
 * Each line's slot: its own start and end, and as its limit the next line's start (whoever
 * speaks it) less the guard, or the end of the recording.
 */
export function slotsOf(
  lines: readonly { id: number; start: number; end: number }[],
  duration: number,
): Map<number, Slot> {
  const sorted = [...lines].sort((a, b) => a.start - b.start);
  const slots = new Map<number, Slot>();
  sorted.forEach((line, i) => {
    const next = sorted[i + 1];
    const limit = next ? next.start - GUARD_SECONDS : duration;
    slots.set(line.id, {
      start: line.start,
      end: Math.min(line.end, Math.max(line.start, limit)),
      limit: Math.max(line.start, limit),
    });
  });
  return slots;
}
