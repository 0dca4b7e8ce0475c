/**
 * A `midi_transcription` job row as the contract's MIDI job (document 3): the status vocabulary
 * (PENDING, PROCESSING with its stage, COMPLETED, FAILED; a cancelled job reads FAILED), and
 * freshly minted presigned URLs for every .mid and separated stem, absolute on the request's
 * origin. A URL whose file has gone (purged) is left out rather than pointing nowhere.
 */
import type { JobRow } from '../../../jobs/job-repo.ts';
import type { MusicDeps } from '../music-deps.ts';
import type { MidiJobInput, MidiJobResult } from './midi-job.ts';
import { MIDI_URL_TTL_SECONDS } from './midi-limits.ts';
import { midiOptionsSchema, type MidiJob } from './midi-schema.ts';
import { skippedStems } from './midi-job.ts';

const STATUS = {
  queued: 'PENDING',
  running: 'PROCESSING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'FAILED',
} as const;

const STAGES = new Set(['split', 'transcribe', 'merge']);

export function midiJobView(deps: MusicDeps, row: JobRow, origin: string): MidiJob {
  const input = row.input as MidiJobInput;
  const result = row.status === 'completed' ? (row.result as MidiJobResult | null) : null;
  let expiresAt: string | null = null;
  const sign = (key: string, contentType: string): string | null => {
    try {
      const file = deps.files.get(row.ownerId, key);
      const signed = deps.urls.sign(
        { path: deps.files.pathOf(file), filename: file.filename, contentType },
        MIDI_URL_TTL_SECONDS,
      );
      expiresAt = signed.expiresAt;
      return `${origin}${signed.url}`;
    } catch {
      return null;
    }
  };
  const midiUrls: Record<string, string> = {};
  const stemUrls: Record<string, string> = {};
  const noteCounts: Record<string, number> = {};
  for (const [stem, track] of Object.entries(result?.tracks ?? {})) {
    const url = sign(track.file_key, 'audio/midi');
    if (url) midiUrls[stem] = url;
    noteCounts[stem] = track.note_count;
  }
  for (const [stem, key] of Object.entries(result?.stem_audio ?? {})) {
    const url = sign(key, 'audio/wav');
    if (url) stemUrls[stem] = url;
  }
  const merged = result?.merged_file_key ? sign(result.merged_file_key, 'audio/midi') : null;
  const running = row.status === 'running' && row.stage !== null && STAGES.has(row.stage);
  return {
    id: row.id,
    status: STATUS[row.status],
    progress: Math.round(row.progress),
    stage: running ? (row.stage as 'split' | 'transcribe' | 'merge') : null,
    mode: input.mode,
    source_job_id: input.source_job_id,
    stems_requested: input.stems_requested,
    options: midiOptionsSchema.parse(input.options),
    midi_urls: midiUrls,
    merged_midi_url: merged,
    stem_urls: stemUrls,
    stem_engines: result?.stem_engines ?? {},
    note_counts: noteCounts,
    detected_tempo_bpm: result?.detected_tempo_bpm ?? null,
    tempo_source: result?.tempo_source ?? null,
    skipped_stems: result?.skipped_stems ?? skippedStems(input.stems_requested),
    failed_stems: result?.failed_stems ?? null,
    duration:
      result !== null
        ? Math.round(result.duration_seconds)
        : input.duration_seconds === null
          ? null
          : Math.round(input.duration_seconds),
    original_filename: input.original_filename,
    created_at: row.createdAt,
    completed_at: row.finishedAt,
    error_message:
      row.status === 'cancelled'
        ? 'The job was cancelled.'
        : row.status === 'failed'
          ? row.errorMessage
          : null,
    urls_expire_at: expiresAt,
  };
}
