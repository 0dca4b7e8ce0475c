/**
 * The pure side of playing a take: which word (or sentence) is being spoken at a playhead time,
 * the take's text cut into highlightable pieces from its timings, a take's signed URL made
 * absolute, and the few settings the take list shows. Unit-tested in
 * test/renderer/audiobooks-take-timing.test.ts.
 */
import type { Take, TakeTiming } from './narration-types.ts';

/** The units the highlight follows: word timings when the engine gave them, else sentences. */
export function highlightUnits(timings: readonly TakeTiming[]): TakeTiming[] {
  const words = timings.filter((t) => t.kind === 'word');
  const chosen = words.length > 0 ? words : timings.filter((t) => t.kind === 'sentence');
  return [...chosen].sort((a, b) => a.start_seconds - b.start_seconds);
}

/**
 * Index (into `units`, sorted by start) of the unit being spoken at `time`: the last one that
 * started at or before it; -1 before the first. Binary search: called on every animation frame.
 */
export function unitAt(units: readonly TakeTiming[], time: number): number {
  let low = 0;
  let high = units.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const unit = units[mid];
    if (unit && unit.start_seconds <= time) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

export interface TextPiece {
  text: string;
  /** Index into the units, or null for the text between them. */
  unit: number | null;
}

/**
 * `text` cut into pieces: each timed unit's own span (by `text_offset`/`text_length`) and the
 * plain text around them. Units that overlap an earlier one or fall outside the text are left
 * unhighlighted rather than duplicating or losing characters: the pieces always join back into
 * `text`.
 */
export function textPieces(text: string, units: readonly TakeTiming[]): TextPiece[] {
  const order = units
    .map((unit, index) => ({ unit, index }))
    .sort((a, b) => a.unit.text_offset - b.unit.text_offset);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const { unit, index } of order) {
    const start = unit.text_offset;
    const end = Math.min(text.length, start + unit.text_length);
    if (start < at || start >= text.length || end <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), unit: null });
    pieces.push({ text: text.slice(start, end), unit: index });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), unit: null });
  return pieces;
}

/** Take URLs are origin-relative (`/api/v1/downloads/…`); previews are already absolute. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `${origin.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The speed a take was narrated at (its `settings.speed`), 1 when not recorded. */
export function takeSpeed(take: Pick<Take, 'settings'>): number {
  const speed = take.settings.speed;
  return typeof speed === 'number' && Number.isFinite(speed) ? speed : 1;
}

/** "0:07.4" — take durations are seconds long, so tenths matter. */
export function formatTakeTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '–';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  const shown = rest.toFixed(1).padStart(4, '0');
  return `${minutes}:${shown === '60.0' ? '59.9' : shown}`;
}
