/**
 * The one time an endpoint's signing secret is shown (docs/api/webhooks.md: returned on
 * creation only), in the shared SecretOnceDialog like a new API key: closing it drops it.
 */
import { SecretOnceDialog } from '../../ui/SecretOnceDialog.tsx';
import type { CreatedWebhookEndpoint } from './webhooks-types.ts';
import styles from './Webhooks.module.css';

export function SecretDialog({
  created,
  onClose,
}: {
  created: CreatedWebhookEndpoint;
  onClose: () => void;
}) {
  return (
    <SecretOnceDialog
      title="Copy your signing secret"
      secret={created.secret}
      noun="secret"
      warning={
        <>
          <strong>This is the only time the secret is shown.</strong> Your receiver needs it to
          check that each delivery really comes from this engine. If you lose it, delete the
          endpoint and add it again.
        </>
      }
      label={
        <>
          Signing secret for <span className={styles.url}>{created.url}</span>
        </>
      }
      ids={{ warning: 'webhook-secret-warning' }}
      testIds={{
        dialog: 'webhook-secret-dialog',
        done: 'webhook-secret-done',
        field: 'webhook-secret',
        copy: 'webhook-secret-copy',
        status: 'webhook-secret-status',
      }}
      onClose={onClose}
    >
      <div className={styles.usage}>
        <p className="muted small">
          Each delivery carries <code>X-Service-Signature: sha256=&lt;hex&gt;</code>, the
          HMAC-SHA256 of <code>&lt;X-Service-Timestamp&gt;.&lt;raw body&gt;</code> with this secret.
          Compare in constant time:
        </p>
        <pre className={styles.example}>
          {`const expected = crypto.createHmac('sha256', secret)
  .update(\`\${timestamp}.\`).update(rawBody).digest('hex');`}
        </pre>
      </div>
      <p className="muted small">
        Next: press <strong>Send test</strong> to send a signed <code>webhook.test</code> event to
        your receiver.
      </p>
    </SecretOnceDialog>
  );
}
