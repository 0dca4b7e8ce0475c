/**
 * The Audio to MIDI page's data: starting a transcription (upload and start in one request),
 * the job followed live (useJobRun: the MIDI status route is limited to 60 calls a minute, so it
 * is read when the job is known and once more when it ends, never polled), and the piano roll
 * read from the merged .mid it wrote.
 */
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/errors.ts';
import { checked, fetchOrDefault, request } from '../../api/request.ts';
import type { Job } from '../../api/types.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { toolStatus, useJobRun } from '../../data/use-job-run.ts';
import { midiStage } from './midi-settings.ts';
import { readRoll, type Roll } from './midi-tracks.ts';
import type { MidiJob, MidiOptions } from './midi-types.ts';

function withLive(record: MidiJob, live: Job): MidiJob {
  return {
    ...record,
    status: toolStatus(live),
    progress: Math.round(live.progress),
    stage: midiStage(live.stage),
  };
}

export interface MidiRequest {
  file: File;
  stems: string[];
  options: MidiOptions;
}

export interface MidiTranscription {
  job: MidiJob | null;
  roll: Roll | null;
  busy: boolean;
  error: string | null;
  start: (request: MidiRequest) => void;
  /** Shows an earlier transcription (from the history or the Jobs page). */
  reopen: (id: number) => void;
}

/** The bytes of a .mid behind a presigned URL (no credential needed). */
async function midiBytes(url: string, signal: AbortSignal): Promise<ArrayBuffer> {
  const response = await checked(await request(fetchOrDefault(undefined), url, { signal }));
  return response.arrayBuffer();
}

export function useMidiTranscription(): MidiTranscription {
  const api = useStudioApi();
  const run = useJobRun({
    statusPath: '/midi/status/{midi_job_id}',
    statusCall: (id) => ({ params: { midi_job_id: id } }),
    start: ({ file, stems, options }: MidiRequest) => {
      const form = new FormData();
      form.set('stems', JSON.stringify(stems));
      form.set('options', JSON.stringify(options));
      form.set('file', file, file.name);
      return api.post('/midi/convert', { body: form });
    },
    jobId: (created) => created.id,
    withLive,
  });
  const job = run.record;
  const mergedUrl = job?.status === 'COMPLETED' ? job.merged_midi_url : null;
  // Keyed by the job, not the URL: a fresh status read signs the same file anew.
  const roll = useQuery({
    queryKey: ['midi-roll', job?.id ?? null],
    enabled: mergedUrl !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => readRoll(await midiBytes(mergedUrl!, signal)),
  });
  const rollError = roll.error ? errorMessage(roll.error) : null;
  return {
    job,
    roll: mergedUrl === null ? null : (roll.data ?? null),
    busy: run.busy,
    error: run.error ?? rollError,
    start: run.start,
    reopen: run.reopen,
  };
}
