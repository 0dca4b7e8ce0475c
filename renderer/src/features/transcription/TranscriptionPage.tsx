/**
 * The Transcription page: choose a recording, start the job, follow its progress (stage,
 * percent, time left — long files take a while), then read the transcript beside the waveform:
 * click a word to hear it, name the speakers, correct the text, export TXT/SRT/VTT/JSON.
 */
import { NeedsPack } from '../models/NeedsPack.tsx';
import { TranscriptionForm } from './TranscriptionForm.tsx';
import { TranscriptView } from './TranscriptView.tsx';
import { isFinished, type TranscriptionRun } from './transcription-types.ts';
import { useTranscription } from './use-transcription.ts';
import './transcription.css';

function eta(seconds: number | null): string {
  if (seconds === null) return '';
  return seconds >= 60 ? ` · about ${Math.ceil(seconds / 60)} min left` : ` · ${seconds} s left`;
}

function Progress({ run }: { run: TranscriptionRun }) {
  if (run.status === 'COMPLETED') return null;
  return (
    <section className="card" aria-label="Progress" data-testid="transcription-job">
      {!isFinished(run) && (
        <>
          <progress className="transcription-progress" max={100} value={run.progress} />
          <p data-testid="transcription-status">
            {run.status === 'PENDING'
              ? 'Waiting to start'
              : `${run.stage ?? 'working'} · ${Math.round(run.progress)} %`}
            {eta(run.eta_seconds)}
          </p>
        </>
      )}
      {isFinished(run) && (
        <p className="transcript__error" role="alert" data-testid="transcription-failed">
          Transcription {run.status === 'CANCELLED' ? 'was cancelled' : 'failed'}: {run.error}
        </p>
      )}
    </section>
  );
}

export function TranscriptionPage() {
  const transcription = useTranscription();
  const { run, result } = transcription;
  return (
    <div className="transcription-page">
      <NeedsPack capability="transcription" />
      <NeedsPack capability="diarization" />
      <TranscriptionForm
        busy={transcription.busy}
        running={run !== null && !isFinished(run)}
        error={transcription.error}
        onStart={(choices) => void transcription.start(choices)}
      />
      {run && <Progress run={run} />}
      {result && (
        <TranscriptView
          result={result}
          audioUrl={transcription.audioUrl}
          client={transcription.client}
          update={transcription.update}
        />
      )}
    </div>
  );
}
