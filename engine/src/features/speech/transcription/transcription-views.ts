/**
 * A transcription job as the native routes show it (transcription-schemas.ts): the contract's
 * status words, the job record, and the result with the project's speaker names and the user's
 * corrections applied (the job's own result is never rewritten). Pure: rows in, JSON out.
 */
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { TranscriptEditRow } from '../../../db/schema/transcripts.ts';
import type { TranscriptionInput } from './transcription-job.ts';
import type {
  TranscriptionJobJson,
  TranscriptionResultJson,
  TranscriptionStatusJson,
  TranscriptSegmentJson,
  TranscriptSpeakerJson,
} from './transcription-schemas.ts';
import type { TranscriptionResult } from './transcript-types.ts';

type Status = TranscriptionStatusJson['status'];

export function contractStatus(row: JobRow): Status {
  switch (row.status) {
    case 'queued':
      return 'PENDING';
    case 'running':
      return 'PROCESSING';
    case 'completed':
      return 'COMPLETED';
    case 'failed':
      return 'FAILED';
    case 'cancelled':
      return 'CANCELLED';
  }
}

function jobType(row: JobRow): 'transcription' | 'speaker_diarization' {
  return row.type === 'speaker_diarization' ? 'speaker_diarization' : 'transcription';
}

function message(row: JobRow): string {
  switch (row.status) {
    case 'queued':
      return 'Queued for transcription.';
    case 'running':
      return `Transcribing: ${Math.round(row.progress)}%${row.stage ? ` (${row.stage})` : ''}.`;
    case 'completed':
      return 'Transcription completed.';
    case 'failed':
      return row.errorMessage ?? 'The transcription failed.';
    case 'cancelled':
      return 'The transcription was cancelled.';
  }
}

export function statusView(row: JobRow): TranscriptionStatusJson {
  return {
    job_id: row.id,
    task_id: row.id,
    job_type: jobType(row),
    status: contractStatus(row),
    progress: Math.round(row.progress * 10) / 10,
    stage: row.stage,
    eta_seconds: row.etaSeconds === null ? null : Math.round(row.etaSeconds),
    message: message(row),
    error: row.status === 'failed' ? (row.errorMessage ?? 'The transcription failed.') : null,
    created_at: row.createdAt,
    completed_at: row.finishedAt,
  };
}

export function jobView(row: JobRow): TranscriptionJobJson {
  const input = row.input as TranscriptionInput;
  return {
    id: row.id,
    job_type: jobType(row),
    status: contractStatus(row),
    progress: Math.round(row.progress * 10) / 10,
    stage: row.stage,
    eta_seconds: row.etaSeconds === null ? null : Math.round(row.etaSeconds),
    project_id: input.project_id ?? '',
    model_type: input.model_type ?? 'standard',
    language: input.language,
    diarization: input.diarize,
    min_speakers: input.min_speakers,
    max_speakers: input.max_speakers,
    source_urls: input.source_urls ?? [],
    filenames: input.files.map((f) => f.filename),
    credits_reserved: row.creditsReserved ?? 0,
    error: row.status === 'failed' ? (row.errorMessage ?? 'The transcription failed.') : null,
    failure_reason: row.failureReason,
    created_at: row.createdAt,
    started_at: row.startedAt,
    completed_at: row.finishedAt,
  };
}

/** The job's segments with corrections applied and names resolved, across its files. */
export function editedSegments(
  result: TranscriptionResult,
  names: ReadonlyMap<string, string>,
  edits: ReadonlyMap<number, TranscriptEditRow>,
): TranscriptSegmentJson[] {
  return result.files.flatMap((file, fileIndex) =>
    file.segments.map((segment) => {
      const edit = edits.get(segment.id);
      const label = edit && edit.speakerLabel !== null ? edit.speakerLabel : segment.speaker;
      const text = edit && edit.text !== null ? edit.text : segment.text;
      return {
        id: segment.id,
        file_index: fileIndex,
        speaker: label === null ? null : (names.get(label) ?? label),
        speaker_label: label,
        text,
        start: segment.start,
        end: segment.end,
        confidence: segment.confidence,
        words: segment.words,
        edited: edit !== undefined && (text !== segment.text || label !== segment.speaker),
      };
    }),
  );
}

export function speakersOf(
  segments: readonly TranscriptSegmentJson[],
  names: ReadonlyMap<string, string>,
): TranscriptSpeakerJson[] {
  const labels = [
    ...new Set(segments.map((s) => s.speaker_label).filter((l): l is string => l !== null)),
  ].sort();
  return labels.map((label) => ({
    label,
    name: names.get(label) ?? label,
    renamed: names.has(label),
  }));
}

export function resultView(
  row: JobRow,
  names: ReadonlyMap<string, string>,
  edits: ReadonlyMap<number, TranscriptEditRow>,
  audioUrl: (fileIndex: number) => string | null,
): TranscriptionResultJson {
  const input = row.input as TranscriptionInput;
  const result = row.status === 'completed' ? (row.result as TranscriptionResult) : null;
  const segments = result ? editedSegments(result, names, edits) : [];
  return {
    job_id: row.id,
    status: contractStatus(row),
    project_id: input.project_id ?? '',
    model: result?.model ?? null,
    language: result?.language ?? null,
    duration: result?.duration ?? null,
    text: joinText(segments),
    speakers: speakersOf(segments, names),
    segments,
    files: (result?.files ?? []).map((file, index) => ({
      filename: file.filename,
      duration: file.duration,
      language: file.language,
      source_url: input.source_urls?.[index] ?? null,
      audio_url: audioUrl(index),
    })),
  };
}

export function joinText(segments: readonly { text: string }[]): string {
  return segments
    .map((s) => s.text.trim())
    .filter((t) => t !== '')
    .join(' ')
    .replace(/\s+/g, ' ');
}
