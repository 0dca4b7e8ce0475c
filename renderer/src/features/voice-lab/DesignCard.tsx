/**
 * "Design a voice": a description becomes 1–3 previews (250 credits each), shown side by side
 * with the parameters the engine understood; one of them is published as a custom voice.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import type { VoiceLabClient } from './voice-lab-client.ts';
import type { CreatedVoice, DesignPreview, DesignResult } from './voice-lab-types.ts';

function describeVoice(preview: DesignPreview): string {
  const v = preview.voice;
  const who = [v.gender, v.age].filter(Boolean).join(', ');
  return `${who || 'voice'} · ${Math.round(v.measured_f0_hz)} Hz · rate ${v.rate}`;
}

export function DesignCard({
  client,
  onVoice,
}: {
  client: VoiceLabClient;
  onVoice: (voice: CreatedVoice) => void;
}) {
  const [prompt, setPrompt] = useState('');
  const [count, setCount] = useState(2);
  const [result, setResult] = useState<DesignResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [published, setPublished] = useState<CreatedVoice | null>(null);
  const [name, setName] = useState('Designed voice');

  const design = async () => {
    setBusy(true);
    setError(null);
    setPublished(null);
    try {
      setResult(await client.design(prompt.trim(), count, null));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const publish = async (preview: DesignPreview) => {
    setBusy(true);
    setError(null);
    try {
      const voice = await client.publish(preview.preview_id, name.trim() || 'Designed voice');
      setPublished(voice);
      onVoice(voice);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const length = prompt.trim().length;
  return (
    <section className="card vl-card" aria-label="Design a voice">
      <h2>Design a voice</h2>
      <label className="field">
        <span>Describe the voice (30–250 characters)</span>
        <textarea
          className="input"
          rows={2}
          maxLength={250}
          value={prompt}
          placeholder="A deep, calm old man with a British accent, speaking slowly."
          onChange={(event) => setPrompt(event.target.value)}
          data-testid="design-prompt"
        />
      </label>
      <div className="vl-row">
        <label className="field">
          <span>Previews</span>
          <select
            className="input input--select"
            value={count}
            onChange={(event) => setCount(Number(event.target.value))}
            data-testid="design-count"
          >
            {[1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {n} ({n * 250} credits)
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || length < 30}
          onClick={() => void design()}
          data-testid="design-start"
        >
          Make previews
        </button>
      </div>
      {result && (
        <>
          <p className="muted" data-testid="design-understood">
            Understood: {result.parameters.matched.join(', ') || 'nothing specific'} · language{' '}
            {result.language}
            {result.ignored.length > 0 && ` · not possible here: ${result.ignored.join(', ')}`}
          </p>
          <label className="field">
            <span>Name for the published voice</span>
            <input
              className="input"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
              data-testid="design-name"
            />
          </label>
          <ul className="vl-previews" data-testid="design-previews">
            {result.previews.map((preview, index) => (
              <li key={preview.preview_id} className="vl-preview" data-testid="design-preview">
                <strong>Preview {index + 1}</strong>
                <span className="muted">{describeVoice(preview)}</span>
                <audio controls preload="none" src={preview.audio_url} />
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void publish(preview)}
                  data-testid={`design-publish-${index}`}
                >
                  Publish
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {published && (
        <p role="status" data-testid="design-published">
          Published “{published.name}” (voice {published.id}).
        </p>
      )}
      {error && (
        <p className="vl-error" role="alert" data-testid="design-error">
          {error}
        </p>
      )}
    </section>
  );
}
