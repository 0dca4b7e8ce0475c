/**
 * Subtitles of a translation in either language, from its transcript (transcript-stage.ts):
 * the source lines at the times they were said, the target lines at the times they are spoken
 * in the dub, with what was actually spoken (a shorter wording when the fit needed one). SRT and
 * WebVTT as the transcription area renders them (speaker labels included).
 */
import { toSrt, toVtt, type TranscriptSegment } from '../../speech/index.ts';
import type { DubTranscriptJson } from '../dubbing-schemas.ts';

export type DubTranscript = DubTranscriptJson;

export function subtitleCues(
  transcript: DubTranscript,
  language: 'source' | 'target',
): TranscriptSegment[] {
  return transcript.segments.map((s) => {
    const dub = language === 'target' ? s.dub : null;
    return {
      id: s.id,
      start: dub?.start ?? s.start,
      end: dub?.end ?? s.end,
      text: language === 'source' ? s.text : (dub?.shortened ?? s.translation),
      speaker: s.speaker,
      confidence: null,
      words: [],
    };
  });
}

export function subtitles(
  transcript: DubTranscript,
  language: 'source' | 'target',
  format: 'srt' | 'vtt',
): string {
  const cues = subtitleCues(transcript, language);
  return format === 'srt' ? toSrt(cues) : toVtt(cues);
}
