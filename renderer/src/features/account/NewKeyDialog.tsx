/**
 * The one time an API key's secret is shown (document 1: "returned once, at creation"). The
 * secret lives only in this dialog's props: closing it drops the last reference, and the engine
 * keeps only a hash, so it can never be shown again.
 */
import { useRef, useState } from 'react';
import type { CreatedApiKey } from '../../api/account-types.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { copyText } from './clipboard.ts';

type CopyState = 'idle' | 'copied' | 'manual';

export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey;
  onClose: () => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const origin = window.location.origin.startsWith('http')
    ? window.location.origin
    : 'http://127.0.0.1:<port>';

  async function onCopy() {
    setCopy((await copyText(created.api_key, field.current)) ? 'copied' : 'manual');
  }

  return (
    <Dialog
      open
      title="Copy your new API key"
      onClose={onClose}
      testId="new-key-dialog"
      describedBy="new-key-warning"
      actions={
        <button
          type="button"
          className="button button--primary"
          onClick={onClose}
          data-testid="new-key-done"
        >
          I have copied it — close
        </button>
      }
    >
      <div className="alert alert--warn" id="new-key-warning">
        <Icon name="alert" />
        <div>
          <strong>This is the only time the key is shown.</strong> Tapehouse keeps only a hash of
          it. Store it now, in a password manager or your script’s secret settings; if you lose it,
          revoke it and create a new one.
        </div>
      </div>
      <label className="field__label" htmlFor="new-key-secret">
        API key “{created.name}”
      </label>
      <div className="secret">
        <input
          id="new-key-secret"
          ref={field}
          className="input secret__value"
          readOnly
          value={created.api_key}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
          data-testid="api-key-secret"
        />
        <button
          type="button"
          className="button"
          onClick={() => void onCopy()}
          data-testid="copy-api-key"
        >
          <Icon name={copy === 'copied' ? 'check' : 'copy'} />
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="secret__status" aria-live="polite" data-testid="copy-status">
        {copy === 'copied' && 'Copied to the clipboard.'}
        {copy === 'manual' &&
          'This browser did not allow copying: the key is selected, press Ctrl+C (⌘C on a Mac).'}
      </p>
      <p className="muted small">
        Scopes: <code>{created.scopes.join(', ')}</code> ·{' '}
        {created.expires_at
          ? `expires ${new Date(created.expires_at).toLocaleDateString()}`
          : 'never expires'}
      </p>
      <div className="usage">
        <p className="muted small">
          Scripts send it in the <code>X-API-Key</code> header, for example:
        </p>
        <pre className="usage__example">
          curl -H "X-API-Key: $TAPEHOUSE_KEY" {origin}/api/v1/auth/me
        </pre>
      </div>
    </Dialog>
  );
}
