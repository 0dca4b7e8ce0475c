/**
 * The one time an endpoint's signing secret is shown (docs/api/webhooks.md: returned on
 * creation only). It lives only in this dialog's props, like a new API key (the account
 * feature's NewKeyDialog): closing the dialog drops it.
 */
import { useRef, useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { copyText } from '../account/clipboard.ts';
import type { CreatedWebhookEndpoint } from './webhooks-types.ts';

type CopyState = 'idle' | 'copied' | 'manual';

export function SecretDialog({
  created,
  onClose,
}: {
  created: CreatedWebhookEndpoint;
  onClose: () => void;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  async function onCopy() {
    setCopy((await copyText(created.secret, field.current)) ? 'copied' : 'manual');
  }

  return (
    <Dialog
      open
      title="Copy your signing secret"
      onClose={onClose}
      testId="webhook-secret-dialog"
      describedBy="webhook-secret-warning"
      actions={
        <button
          type="button"
          className="button button--primary"
          onClick={onClose}
          data-testid="webhook-secret-done"
        >
          I have copied it — close
        </button>
      }
    >
      <div className="alert alert--warn" id="webhook-secret-warning">
        <Icon name="alert" />
        <div>
          <strong>This is the only time the secret is shown.</strong> Your receiver needs it to
          check that each delivery really comes from this engine. If you lose it, delete the
          endpoint and add it again.
        </div>
      </div>
      <label className="field__label" htmlFor="webhook-secret">
        Signing secret for <span className="secret-for">{created.url}</span>
      </label>
      <div className="secret">
        <input
          id="webhook-secret"
          ref={field}
          className="input secret__value"
          readOnly
          value={created.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
          data-testid="webhook-secret"
        />
        <button
          type="button"
          className="button"
          onClick={() => void onCopy()}
          data-testid="webhook-secret-copy"
        >
          <Icon name={copy === 'copied' ? 'check' : 'copy'} />
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="secret__status" aria-live="polite" data-testid="webhook-secret-status">
        {copy === 'copied' && 'Copied to the clipboard.'}
        {copy === 'manual' &&
          'This browser did not allow copying: the secret is selected, press Ctrl+C (⌘C on a Mac).'}
      </p>
      <div className="usage">
        <p className="muted small">
          Each delivery carries <code>X-Service-Signature: sha256=&lt;hex&gt;</code>, the
          HMAC-SHA256 of <code>&lt;X-Service-Timestamp&gt;.&lt;raw body&gt;</code> with this secret.
          Compare in constant time:
        </p>
        <pre className="usage__example">
          {`const expected = crypto.createHmac('sha256', secret)
  .update(\`\${timestamp}.\`).update(rawBody).digest('hex');`}
        </pre>
      </div>
      <p className="muted small">
        Next: press <strong className="text">Send test</strong> to send a signed{' '}
        <code>webhook.test</code> event to your receiver.
      </p>
    </Dialog>
  );
}
