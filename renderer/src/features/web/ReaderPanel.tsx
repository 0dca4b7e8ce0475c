/**
 * The article reader: a URL or pasted text, a voice (standard narration is free; neural voices
 * are premium), an estimate, and the narration as a job; below, every narrated article.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Card } from '../../ui/Card.tsx';
import { errorMessage } from '../../api/errors.ts';
import { ReaderList } from './ReaderList.tsx';
import { WebClient } from './web-client.ts';
import type { ReaderEstimate } from './web-types.ts';

export function ReaderPanel() {
  const client = useMemo(() => new WebClient(), []);
  const [source, setSource] = useState('');
  const [voice, setVoice] = useState('');
  const [estimate, setEstimate] = useState<ReaderEstimate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const input = () =>
    /^https?:\/\//i.test(source.trim()) ? { url: source.trim() } : { content: source };

  const act = async (what: 'estimate' | 'narrate', event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (what === 'estimate') setEstimate(await client.estimate(input(), voice.trim()));
      else {
        await client.narrate(input(), voice.trim());
        setRefresh((n) => n + 1);
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Article reader" testId="reader-panel">
      <form className="web-reader-form" onSubmit={(e) => void act('narrate', e)}>
        <label htmlFor="reader-source">Article URL, or the text itself</label>
        <textarea
          id="reader-source"
          rows={3}
          required
          value={source}
          onChange={(e) => setSource(e.target.value)}
          placeholder="https://… or paste the article"
        />
        <label htmlFor="reader-voice">Voice (name or id; empty: standard narration)</label>
        <input
          id="reader-voice"
          value={voice}
          onChange={(e) => setVoice(e.target.value)}
          placeholder="en-us"
        />
        <div className="web-reader-form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void act('estimate')}
          >
            Estimate
          </button>
          <button type="submit" className="button" disabled={busy}>
            Narrate
          </button>
        </div>
      </form>
      {estimate && (
        <p role="status" data-testid="reader-estimate">
          {estimate.title ?? 'This article'}: {estimate.word_count} words,{' '}
          {estimate.is_premium
            ? `${estimate.estimated_credits} credits`
            : 'free (standard narration)'}
          {estimate.measured ? '' : ' — a baseline, the page could not be read ahead'}.
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ReaderList refreshKey={refresh} />
    </Card>
  );
}
