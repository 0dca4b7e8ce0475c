/**
 * "Your voice": record or upload a sample, see the live quality meter (the engine's sample
 * analysis with the real DNSMOS model), and clone it into a voice usable at once.
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { SampleMeter } from './SampleMeter.tsx';
import { useRecorder } from './use-recorder.ts';
import type { VoiceLabClient } from './voice-lab-client.ts';
import type { CreatedVoice, SampleReport } from './voice-lab-types.ts';

interface Sample {
  blob: Blob;
  filename: string;
}

export function SampleCard({
  client,
  onVoice,
}: {
  client: VoiceLabClient;
  onVoice: (voice: CreatedVoice) => void;
}) {
  const [sample, setSample] = useState<Sample | null>(null);
  const [report, setReport] = useState<SampleReport | null>(null);
  const [name, setName] = useState('My voice');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<CreatedVoice | null>(null);

  const measure = useCallback(
    async (next: Sample) => {
      setError(null);
      try {
        setReport(await client.analyze(next.blob, next.filename));
      } catch (caught) {
        setError(errorMessage(caught));
      }
    },
    [client],
  );

  const onChunk = useCallback(
    (soFar: Blob, done: boolean) => {
      const next = { blob: soFar, filename: 'recording.webm' };
      if (done) setSample(next);
      void measure(next);
    },
    [measure],
  );
  const recorder = useRecorder(onChunk);

  const clone = async () => {
    if (!sample) return;
    setBusy(true);
    setError(null);
    try {
      const voice = await client.clone(sample.blob, sample.filename, name.trim() || 'My voice');
      setMade(voice);
      onVoice(voice);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card vl-card" aria-label="Clone a voice">
      <h2>Clone a voice</h2>
      <p className="muted">5–30 s of one person speaking, close to the microphone, no music.</p>
      <div className="vl-row">
        <FileDrop
          label="Upload a sample"
          accept="audio/*"
          testId="sample-file"
          disabled={busy || recorder.recording}
          onFile={(file) => {
            if (!file) return;
            const next = { blob: file, filename: file.name };
            setSample(next);
            void measure(next);
          }}
        />
        <button
          type="button"
          className="button"
          onClick={() => (recorder.recording ? recorder.stop() : void recorder.start())}
          data-testid="sample-record"
        >
          {recorder.recording ? 'Stop recording' : 'Record'}
        </button>
      </div>
      {report && <SampleMeter report={report} />}
      <div className="vl-row">
        <label className="field">
          <span>Name</span>
          <input
            className="input"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            data-testid="clone-name"
          />
        </label>
        <button
          type="button"
          className="button button--primary"
          disabled={!sample || busy || recorder.recording}
          onClick={() => void clone()}
          data-testid="clone-start"
        >
          Clone
        </button>
      </div>
      {made && (
        <p role="status" data-testid="clone-done">
          “{made.name}” is ready ({made.status}).
        </p>
      )}
      {(error ?? recorder.error) && (
        <p className="vl-error" role="alert" data-testid="clone-error">
          {error ?? recorder.error}
        </p>
      )}
    </section>
  );
}
