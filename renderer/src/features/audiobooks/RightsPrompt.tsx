/**
 * Shown in place when the engine refused narration with RIGHTS_NOT_ATTESTED: what is asked and
 * why, and the one click that records the attestation and sends the narration again.
 */
import bookFrameStyles from './BookFrame.module.css';
import narrationStyles from './Narration.module.css';
import { Button } from '../../ui/Button.tsx';
import { Alert } from '../../ui/Alert.tsx';

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
    <Alert tone="warn" icon="attested" testId="rights-prompt">
      <div className={narrationStyles.rightsPromptBody}>
        <p>
          <strong>Confirm your rights before narrating.</strong> Tapehouse narrates a book only
          after you confirm that you own, or are licensed for, the audio rights to “{title}”
          {author ? ` by ${author}` : ''} — or that the text is in the public domain where you
          publish. It is recorded once for this book, with the time.
        </p>
        {error && <p className={bookFrameStyles.errorText}>{error}</p>}
        <div className={narrationStyles.rightsPromptActions}>
          <Button
            variant="primary"
            size="sm"
            onClick={onAttest}
            disabled={attesting}
            testId="rights-prompt-attest"
          >
            {attesting ? 'Recording…' : 'I hold these rights — narrate'}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDismiss} disabled={attesting}>
            Not now
          </Button>
        </div>
      </div>
    </Alert>
  );
}
