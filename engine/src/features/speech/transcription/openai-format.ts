/**
 * OpenAI's response formats for /audio/transcriptions and /audio/translations: `json` {text},
 * `text`, `verbose_json` (task, language, duration, text, segments, words), `srt`, `vtt`, and
 * `diarized_json` (segments with speakers, as OpenAI's diarizing model answers).
 */
import { toSrt, toVtt } from './captions.ts';
import type { TranscriptionResult } from './transcript-types.ts';

export const OPENAI_FORMATS = [
  'json',
  'text',
  'verbose_json',
  'srt',
  'vtt',
  'diarized_json',
] as const;
export type OpenAiFormat = (typeof OPENAI_FORMATS)[number];

export function renderOpenAi(
  result: TranscriptionResult,
  format: OpenAiFormat,
): { body: string; contentType: string } {
  const segments = result.files.flatMap((f) => f.segments);
  switch (format) {
    case 'text':
      return { body: `${result.text}\n`, contentType: 'text/plain; charset=utf-8' };
    case 'srt':
      return { body: toSrt(segments), contentType: 'text/plain; charset=utf-8' };
    case 'vtt':
      return { body: toVtt(segments), contentType: 'text/vtt; charset=utf-8' };
    case 'json':
      return { body: JSON.stringify({ text: result.text }), contentType: 'application/json' };
    case 'verbose_json':
      return {
        body: JSON.stringify({
          task: result.task === 'translate' ? 'translate' : 'transcribe',
          language: result.language,
          duration: result.duration,
          text: result.text,
          segments: segments.map((s) => ({
            id: s.id,
            seek: 0,
            start: s.start,
            end: s.end,
            text: s.text,
            tokens: [],
            temperature: 0,
            avg_logprob: 0,
            compression_ratio: 0,
            no_speech_prob: 0,
          })),
          words: segments.flatMap((s) =>
            s.words.map((w) => ({ word: w.word, start: w.start, end: w.end })),
          ),
        }),
        contentType: 'application/json',
      };
    case 'diarized_json':
      return {
        body: JSON.stringify({
          task: 'transcribe',
          duration: result.duration,
          text: result.text,
          segments: segments.map((s) => ({
            type: 'transcript.text.segment',
            id: `seg_${s.id}`,
            start: s.start,
            end: s.end,
            text: s.text,
            speaker: s.speaker ?? 'A',
          })),
        }),
        contentType: 'application/json',
      };
  }
}
