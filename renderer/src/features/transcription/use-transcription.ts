/**
 * The Transcription page's data: starting a job (upload and start in one call), the job
 * followed live from the studio's event stream (useJob, through useToolJob: progress, stage,
 * time left — never polled), and the result read once it completed. Edits and speaker names
 * are saved to the engine and the answer replaces the shown result.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { toolStatus, useToolJob } from '../jobs/use-tool-job.ts';
import { TranscriptionClient } from './transcription-client.ts';
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
  client: TranscriptionClient;
  run: TranscriptionRun | null;
  result: TranscriptionResult | null;
  /**
   * The recording's signed URL as first answered: every later answer signs it again (a new
   * expiry), and reloading the player after each rename or correction would lose its place.
   */
  audioUrl: string;
  busy: boolean;
  error: string | null;
  start: (choices: TranscriptionChoices) => Promise<void>;
  /** Runs a change against the engine and shows the result it answers (or the error). */
  update: (change: () => Promise<TranscriptionResult>) => Promise<void>;
}

export function useTranscription(): Transcription {
  const client = useMemo(() => new TranscriptionClient(), []);
  const [started, setStarted] = useState<TranscriptionRun | null>(null);
  const [result, setResult] = useState<TranscriptionResult | null>(null);
  const [audioUrl, setAudioUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchFinal = useCallback(
    (id: number, signal: AbortSignal) => client.status(id, signal),
    [client],
  );
  const { job: run, error: finalError } = useToolJob(started, fetchFinal, withLive);
  const completedId = run?.status === 'COMPLETED' ? run.id : null;

  useEffect(() => {
    if (completedId === null) return;
    const abort = new AbortController();
    client.result(completedId, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return;
        setResult(answer);
        setAudioUrl(answer.files[0]?.audio_url ?? '');
      },
      (caught: unknown) => !abort.signal.aborted && setError(errorMessage(caught)),
    );
    return () => abort.abort();
  }, [client, completedId]);

  const start = useCallback(
    async (choices: TranscriptionChoices) => {
      setBusy(true);
      setError(null);
      setStarted(null);
      setResult(null);
      setAudioUrl('');
      try {
        const created = await client.start(choices);
        setStarted({
          id: created.job_id,
          job_id: created.job_id,
          task_id: created.task_id,
          job_type: choices.speakers ? 'speaker_diarization' : 'transcription',
          status: created.status,
          progress: 0,
          stage: null,
          eta_seconds: null,
          message: created.message,
          error: null,
          created_at: new Date().toISOString(),
          completed_at: null,
        });
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [client],
  );

  const update = useCallback(async (change: () => Promise<TranscriptionResult>) => {
    setError(null);
    try {
      setResult(await change());
    } catch (e) {
      setError(errorMessage(e));
    }
  }, []);

  return { client, run, result, audioUrl, busy, error: error ?? finalError, start, update };
}
