/**
 * Transcript renderings: plain text, SubRip (.srt) and WebVTT (.vtt). Cue times are the
 * segments'; a speaker, when known, leads the cue text as `[name]` (SRT) or a `<v name>` voice
 * span (VTT, the format's own speaker markup).
 */
import type { TranscriptSegment } from './transcript-types.ts';

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(segments: readonly TranscriptSegment[]): string {
  return segments
    .map((segment, i) => {
      const text = segment.speaker ? `[${segment.speaker}] ${segment.text}` : segment.text;
      return `${i + 1}\n${clock(segment.start, ',')} --> ${clock(segment.end, ',')}\n${text}\n`;
    })
    .join('\n');
}

function vttEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function toVtt(segments: readonly TranscriptSegment[]): string {
  const cues = segments.map((segment) => {
    const text = vttEscape(segment.text);
    const body = segment.speaker ? `<v ${vttEscape(segment.speaker)}>${text}` : text;
    return `${clock(segment.start, '.')} --> ${clock(segment.end, '.')}\n${body}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

export function toText(segments: readonly TranscriptSegment[]): string {
  return segments
    .map((s) => s.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
