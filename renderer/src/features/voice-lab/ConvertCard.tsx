/**
 * "Convert a recording": re-voice speech to one of your voices, then compare the original and
 * the result A/B (the audio kit's synced player).
 */
import { useState } from 'react';
import { ABPlayer } from '../../ui/audio/ABPlayer.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { useConversion } from './use-conversion.ts';
import type { VoiceLabClient } from './voice-lab-client.ts';
import type { CreatedVoice } from './voice-lab-types.ts';

export function ConvertCard({
  client,
  voices,
}: {
  client: VoiceLabClient;
  voices: readonly CreatedVoice[];
}) {
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const run = useConversion(client);
  const job = run.job;
  const targets = voices.filter((v) => v.status === 'COMPLETED' && v.kind !== 'design');
  const chosen = target || targets[0]?.uuid || '';

  return (
    <section className="card vl-card" aria-label="Convert a recording">
      <h2>Convert a recording</h2>
      <p className="muted">
        Keeps the words, timing and emotion; changes the voice to one you cloned.
      </p>
      <div className="vl-row">
        <FileDrop
          label="Speech recording"
          accept="audio/*"
          testId="convert-file"
          disabled={run.busy}
          onFile={(picked) => {
            setFile(picked);
            setSource(picked ? URL.createObjectURL(picked) : null);
          }}
        />
        <label className="field">
          <span>Target voice</span>
          <select
            className="input input--select"
            value={chosen}
            onChange={(event) => setTarget(event.target.value)}
            data-testid="convert-target"
          >
            {targets.length === 0 && <option value="">Clone a voice first</option>}
            {targets.map((v) => (
              <option key={v.uuid} value={v.uuid}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--primary"
          disabled={!file || !chosen || run.busy}
          onClick={() => file && void run.start(file, chosen)}
          data-testid="convert-start"
        >
          Convert
        </button>
      </div>
      {job && (
        <p role="status" data-testid="convert-status">
          {job.status} {job.status === 'PROCESSING' ? `${Math.round(job.progress)} %` : ''}
          {job.error_message ? ` · ${job.error_message}` : ''}
        </p>
      )}
      {job?.status === 'COMPLETED' && job.output_url && source && (
        <ABPlayer
          a={{ id: 'original', url: source, choice: 'A · Original', title: 'Original' }}
          b={{ id: 'converted', url: job.output_url, choice: 'B · Converted', title: 'Converted' }}
          testIdPrefix="convert"
        />
      )}
      {run.error && (
        <p className="vl-error" role="alert" data-testid="convert-error">
          {run.error}
        </p>
      )}
    </section>
  );
}
