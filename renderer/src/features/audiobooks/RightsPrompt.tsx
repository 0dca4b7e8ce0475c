/**
 * Shown in place when the engine refused narration with RIGHTS_NOT_ATTESTED: what is asked and
 * why, and the one click that records the attestation and sends the narration again.
 */
import { AbIcon } from './icons.tsx';

export function RightsPrompt({
  title,
  author,
  attesting,
  error,
  onAttest,
  onDismiss,
}: {
  title: string;
  author: string;
  attesting: boolean;
  error: string | null;
  onAttest: () => void;
  onDismiss: () => void;
}) {
  return (
    <div className="alert alert--warn ab-rights-prompt" role="alert" data-testid="rights-prompt">
      <AbIcon name="shield" />
      <div className="ab-rights-prompt__body">
        <p>
          <strong>Confirm your rights before narrating.</strong> Tapehouse narrates a book only
          after you confirm that you own, or are licensed for, the audio rights to “{title}”
          {author ? ` by ${author}` : ''} — or that the text is in the public domain where you
          publish. It is recorded once for this book, with the time.
        </p>
        {error && <p className="ab-error-text">{error}</p>}
        <div className="ab-rights-prompt__actions">
          <button
            type="button"
            className="button button--primary button--small"
            onClick={onAttest}
            disabled={attesting}
            data-testid="rights-prompt-attest"
          >
            {attesting ? 'Recording…' : 'I hold these rights — narrate'}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={onDismiss}
            disabled={attesting}
          >
            Not now
          </button>
        </div>
      </div>
    </div>
  );
}
