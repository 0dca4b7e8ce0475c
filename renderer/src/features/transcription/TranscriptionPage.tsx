/**
 * The Transcription page: choose a recording, start the job, follow its progress (stage,
 * percent, time left — long files take a while), then read the transcript beside the waveform:
 * click a word to hear it, name the speakers, correct the text, export TXT/SRT/VTT/JSON.
 */
import { formatEta } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageBody } from '../../ui/Layout.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { TranscriptionForm } from './TranscriptionForm.tsx';
import { TranscriptView } from './TranscriptView.tsx';
import { isFinished, type TranscriptionRun } from './transcription-types.ts';
import { useTranscription } from './use-transcription.ts';

function Progress({ run }: { run: TranscriptionRun }) {
  if (run.status === 'COMPLETED') return null;
  return (
    <Card title="Transcribing" testId="transcription-job">
      {!isFinished(run) && (
        <>
          <ProgressBar
            value={run.progress}
            label="Transcription progress"
            indeterminate={run.status === 'PENDING'}
          />
          <p className="muted small" data-testid="transcription-status">
            {run.status === 'PENDING'
              ? 'Waiting to start'
              : `${run.stage ?? 'working'} · ${Math.round(run.progress)} %`}
            {formatEta(run.eta_seconds) && ` · ${formatEta(run.eta_seconds)}`}
          </p>
        </>
      )}
      {isFinished(run) && (
        <Alert tone="error" testId="transcription-failed">
          Transcription {run.status === 'CANCELLED' ? 'was cancelled' : 'failed'}: {run.error}
        </Alert>
      )}
    </Card>
  );
}

export function TranscriptionPage() {
  const transcription = useTranscription();
  const { run, result } = transcription;
  return (
    <PageBody testId="transcription-page">
      <TranscriptionForm
        busy={transcription.busy}
        running={run !== null && !isFinished(run)}
        error={transcription.error}
        onStart={transcription.start}
      />
      {run && <Progress run={run} />}
      {result && transcription.audioUrl && (
        <TranscriptView
          result={result}
          audioUrl={transcription.audioUrl}
          save={transcription.save}
        />
      )}
    </PageBody>
  );
}
