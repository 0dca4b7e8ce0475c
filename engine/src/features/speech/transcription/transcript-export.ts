/**
 * A transcript as a document: plain text (one paragraph per speaker turn, `Name: …`), SubRip,
 * WebVTT or JSON. Several files of one job follow each other: the cues of file n start after the
 * durations of the files before it, as if the recordings were played back to back.
 */
import { toSrt, toVtt } from './captions.ts';
import type { TranscriptSegmentJson, TranscriptSpeakerJson } from './transcription-schemas.ts';
import type { TRANSCRIPT_FORMATS } from './transcription-schemas.ts';

export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export interface TranscriptDocument {
  jobId: number;
  language: string;
  duration: number;
  fileDurations: number[];
  speakers: TranscriptSpeakerJson[];
  segments: TranscriptSegmentJson[];
}

function onTimeline(doc: TranscriptDocument): TranscriptSegmentJson[] {
  const offsets: number[] = [];
  doc.fileDurations.reduce((sum, d, i) => ((offsets[i] = sum), sum + d), 0);
  return doc.segments.map((s) => {
    const offset = offsets[s.file_index] ?? 0;
    return {
      ...s,
      start: s.start + offset,
      end: s.end + offset,
      words: s.words.map((w) => ({ ...w, start: w.start + offset, end: w.end + offset })),
    };
  });
}

/** Consecutive segments of one speaker form one paragraph. */
export function toPlainText(segments: readonly TranscriptSegmentJson[]): string {
  const paragraphs: { speaker: string | null; text: string[] }[] = [];
  for (const s of segments) {
    const text = s.text.trim();
    if (text === '') continue;
    const last = paragraphs[paragraphs.length - 1];
    if (last && last.speaker === s.speaker) last.text.push(text);
    else paragraphs.push({ speaker: s.speaker, text: [text] });
  }
  return `${paragraphs
    .map((p) => (p.speaker ? `${p.speaker}: ${p.text.join(' ')}` : p.text.join(' ')))
    .join('\n\n')}\n`;
}

export function renderTranscript(
  doc: TranscriptDocument,
  format: TranscriptFormat,
): { body: string; contentType: string; filename: string } {
  const name = `transcript-${doc.jobId}`;
  const segments = onTimeline(doc);
  switch (format) {
    case 'txt':
      return {
        body: toPlainText(segments),
        contentType: 'text/plain; charset=utf-8',
        filename: `${name}.txt`,
      };
    case 'srt':
      return {
        body: toSrt(segments),
        contentType: 'application/x-subrip',
        filename: `${name}.srt`,
      };
    case 'vtt':
      return {
        body: toVtt(segments),
        contentType: 'text/vtt; charset=utf-8',
        filename: `${name}.vtt`,
      };
    case 'json':
      return {
        body: `${JSON.stringify(
          {
            job_id: doc.jobId,
            language: doc.language,
            duration: doc.duration,
            speakers: doc.speakers,
            segments: segments.map((s) => ({
              id: s.id,
              speaker: s.speaker,
              speaker_label: s.speaker_label,
              start: round3(s.start),
              end: round3(s.end),
              text: s.text,
              confidence: s.confidence,
              words: s.edited
                ? []
                : s.words.map((w) => ({ ...w, start: round3(w.start), end: round3(w.end) })),
            })),
          },
          null,
          2,
        )}\n`,
        contentType: 'application/json',
        filename: `${name}.json`,
      };
  }
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
