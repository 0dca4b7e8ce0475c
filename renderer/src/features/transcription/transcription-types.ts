/**
 * Wire types of document 2's "Transcription" routes, named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { ResponseOf } from '../../api/contract.ts';

export type TranscriptionCreated = ResponseOf<'post', '/transcription/transcribe-upload'>;
export type TranscriptionStatus = ResponseOf<'get', '/transcription/status/{transcription_job_id}'>;
export type TranscriptionResult = ResponseOf<'get', '/transcription/result/{transcription_job_id}'>;
export type TranscriptSegment = TranscriptionResult['segments'][number];
export type TranscriptWord = TranscriptSegment['words'][number];
export type TranscriptSpeaker = TranscriptionResult['speakers'][number];

/** The export formats of GET /transcription/transcript/{id}. */
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What the page follows while a transcription runs: the status route's record. */
export type TranscriptionRun = TranscriptionStatus;

export function isFinished(run: TranscriptionRun): boolean {
  return run.status === 'COMPLETED' || run.status === 'FAILED' || run.status === 'CANCELLED';
}

export interface TranscriptionChoices {
  file: File;
  /** ISO 639-1, or '' to detect it. */
  language: string;
  speakers: boolean;
}
