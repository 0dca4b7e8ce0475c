/**
 * The Audio to MIDI page's data: starting a transcription, the job followed live from the
 * studio's event stream (the MIDI status route is limited to 60 calls a minute, so it is read
 * once, when the job has ended), and the piano roll read from the merged .mid it wrote.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { toolStatus, useToolJob } from '../jobs/use-tool-job.ts';
import { MidiClient } from './midi-client.ts';
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

export interface MidiTranscription {
  job: MidiJob | null;
  roll: Roll | null;
  busy: boolean;
  error: string | null;
  start: (file: File, stems: string[], options: MidiOptions) => Promise<void>;
  /** Shows an earlier transcription (from the history or the Jobs page). */
  reopen: (id: number) => void;
}

export function useMidiTranscription(): MidiTranscription {
  const client = useMemo(() => new MidiClient(), []);
  const [started, setStarted] = useState<MidiJob | null>(null);
  const [roll, setRoll] = useState<Roll | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchFinal = useCallback(
    (id: number, signal: AbortSignal) => client.job(id, signal),
    [client],
  );
  const { job, error: finalError } = useToolJob(started, fetchFinal, withLive);

  const mergedUrl = job?.status === 'COMPLETED' ? job.merged_midi_url : null;
  useEffect(() => {
    if (!mergedUrl) return;
    const abort = new AbortController();
    client.midiBytes(mergedUrl, abort.signal).then(
      (bytes) => setRoll(readRoll(bytes)),
      (e: unknown) => {
        if (!abort.signal.aborted) setError(errorMessage(e));
      },
    );
    return () => abort.abort();
    // A fresh status read mints a new URL for the same file: load once per job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, job?.id, mergedUrl !== null]);

  const start = useCallback(
    async (file: File, stems: string[], options: MidiOptions) => {
      setBusy(true);
      setError(null);
      setStarted(null);
      setRoll(null);
      try {
        setStarted(await client.start(file, stems, options));
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(false);
      }
    },
    [client],
  );

  const reopen = useCallback(
    (id: number) => {
      client.job(id).then(
        (record) => {
          setRoll(null);
          setStarted(record);
          setError(null);
        },
        (e: unknown) => setError(errorMessage(e)),
      );
    },
    [client],
  );

  return { job, roll, busy, error: error ?? finalError, start, reopen };
}
