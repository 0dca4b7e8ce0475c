/** The Translate page's shapes (from the contract) and its plain words for each stage. */
import type { ResponseOf } from '../../api/contract.ts';

export type SpeechTranslation = ResponseOf<'get', '/translation/translations/{translation_job_id}'>;
export type DubTranscript = ResponseOf<
  'get',
  '/translation/translations/{translation_job_id}/transcript'
>;
export type DubLine = DubTranscript['segments'][number];
export type DubLanguages = ResponseOf<'get', '/translation/languages'>;

/** What the form sends: a file or an address, the target, and the source ('' = detect). */
export interface TranslateChoices {
  file: File | null;
  url: string;
  target: string;
  source: string;
}

/** Each stage as the person reads it (docs/api/speech-translation.md, "Stages"). */
export const STAGE_WORDS: Record<string, string> = {
  extract: 'Reading the recording',
  separate: 'Setting the voices apart from the music',
  recognize: 'Listening to what is said',
  translate: 'Translating each line',
  voices: 'Choosing a voice for each speaker',
  speak: 'Speaking the translation',
  fit: 'Fitting each line to its place',
  mix: 'Mixing over the background',
  mux: 'Writing the dubbed recording',
  transcripts: 'Writing the subtitles',
};

export function stageWords(stage: string | null): string {
  return stage ? (STAGE_WORDS[stage] ?? 'Working') : 'Working';
}

export function isRunning(translation: SpeechTranslation): boolean {
  return translation.status === 'PENDING' || translation.status === 'PROCESSING';
}
