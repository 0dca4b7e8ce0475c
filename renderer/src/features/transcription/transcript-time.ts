/** Times and words of a transcript as the page shows and searches them. */
import type { TranscriptSegment } from './transcription-types.ts';

/** 75.25 → "1:15.2"; 3725 → "1:02:05.0". Tenths are cut, not rounded (59.96 s is not 0:60.0). */
export function clock(seconds: number): string {
  const tenths = Math.floor(Math.max(0, seconds) * 10 + 1e-6);
  const h = Math.floor(tenths / 36_000);
  const m = Math.floor((tenths % 36_000) / 600);
  const s = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A segment's words are shown (and clickable) unless its text was corrected since. */
export function showsWords(segment: TranscriptSegment): boolean {
  return !segment.edited && segment.words.length > 0;
}

/** The segment and word (index, or -1 for a segment shown as text) being played at `time`. */
export function playingAt(
  segments: readonly TranscriptSegment[],
  time: number,
): { segment: number; word: number } | null {
  const segment = segments.find((s) => time >= s.start && time < s.end);
  if (!segment) return null;
  if (!showsWords(segment)) return { segment: segment.id, word: -1 };
  let word = -1;
  segment.words.forEach((w, index) => {
    if (time >= w.start) word = index;
  });
  return { segment: segment.id, word };
}
