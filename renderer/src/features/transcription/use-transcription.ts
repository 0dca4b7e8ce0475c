/**
 * The Transcription page's data: starting a job (upload and start in one request), the job
 * followed live (useJobRun: progress, stage, time left — never polled), and the result, one
 * query read once the job completed. A correction or a speaker's name is saved to the engine
 * and the result read again; the recording's URL stays the first one answered, so the player
 * keeps its place (every answer signs the audio anew, with a new expiry).
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { useContractQuery, useInvalidate, useStudioApi } from '../../data/contract-query.ts';
import { toolStatus, useJobRun } from '../../data/use-job-run.ts';
import type {
  TranscriptionChoices,
  TranscriptionResult,
  TranscriptionRun,
} from './transcription-types.ts';

function withLive(record: TranscriptionRun, live: Job): TranscriptionRun {
  return {
    ...record,
    status: toolStatus(live),
    progress: live.progress,
    stage: live.stage,
    eta_seconds: live.eta_seconds,
  };
}

export interface Transcription {
  /** The job shown. */
  id: number | null;
  run: TranscriptionRun | null;
  result: TranscriptionResult | null;
  audioUrl: string;
  busy: boolean;
  error: string | null;
  start: (choices: TranscriptionChoices) => void;
  /** Saves a change, then reads the result again (or shows why it was refused). */
  save: (change: () => Promise<unknown>) => Promise<void>;
}

export function useTranscription(): Transcription {
  const api = useStudioApi();
  const invalidate = useInvalidate();
  const [saveError, setSaveError] = useState<string | null>(null);
  const run = useJobRun({
    statusPath: '/transcription/status/{transcription_job_id}',
    statusCall: (id) => ({ params: { transcription_job_id: id } }),
    start: (choices: TranscriptionChoices) => {
      const form = new FormData();
      form.append('files', choices.file, choices.file.name);
      if (choices.language !== '') form.set('language', choices.language);
      form.set('enable_speaker_diarization', String(choices.speakers));
      return api.post('/transcription/transcribe-upload', { body: form });
    },
    jobId: (created) => created.job_id,
    withLive,
  });
  const completed = run.record?.status === 'COMPLETED' ? run.id : null;
  const result = useContractQuery(
    '/transcription/result/{transcription_job_id}',
    completed === null ? null : { params: { transcription_job_id: completed } },
  );
  const [audio, setAudio] = useState<{ id: number; url: string } | null>(null);
  const first = result.data?.files[0]?.audio_url;
  useEffect(() => {
    if (completed !== null && first && audio?.id !== completed)
      setAudio({ id: completed, url: first });
  }, [completed, first, audio]);

  const save = async (change: () => Promise<unknown>) => {
    setSaveError(null);
    try {
      await change();
      await invalidate('/transcription');
    } catch (e) {
      setSaveError(errorMessage(e));
    }
  };
  const failure = result.error ? errorMessage(result.error) : null;
  return {
    id: run.id,
    run: run.record,
    result: result.data ?? null,
    audioUrl: audio?.id === completed ? audio.url : '',
    busy: run.busy,
    error: run.error ?? saveError ?? failure,
    start: (choices) => {
      setSaveError(null);
      run.start(choices);
    },
    save,
  };
}
