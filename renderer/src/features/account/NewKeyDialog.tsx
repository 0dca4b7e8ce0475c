/**
 * The one time an API key's secret is shown (document 1: "returned once, at creation"), in the
 * shared SecretOnceDialog. The engine keeps only a hash, so it can never be shown again.
 */
import type { CreatedApiKey } from '../../api/account-types.ts';
import { SecretOnceDialog } from '../../ui/SecretOnceDialog.tsx';
import styles from './Account.module.css';

export function NewKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey;
  onClose: () => void;
}) {
  const origin = window.location.origin.startsWith('http')
    ? window.location.origin
    : 'http://127.0.0.1:<port>';

  return (
    <SecretOnceDialog
      title="Copy your new API key"
      secret={created.api_key}
      noun="key"
      warning={
        <>
          <strong>This is the only time the key is shown.</strong> Tapehouse keeps only a hash of
          it. Store it now, in a password manager or your script’s secret settings; if you lose it,
          revoke it and create a new one.
        </>
      }
      label={<>API key “{created.name}”</>}
      ids={{ warning: 'new-key-warning' }}
      testIds={{
        dialog: 'new-key-dialog',
        done: 'new-key-done',
        field: 'api-key-secret',
        copy: 'copy-api-key',
        status: 'copy-status',
      }}
      onClose={onClose}
    >
      <p className="muted small">
        Scopes: <code>{created.scopes.join(', ')}</code> ·{' '}
        {created.expires_at
          ? `expires ${new Date(created.expires_at).toLocaleDateString()}`
          : 'never expires'}
      </p>
      <div className={styles.usage}>
        <p className="muted small">
          Scripts send it in the <code>X-API-Key</code> header, for example:
        </p>
        <pre className={styles.example}>
          curl -H "X-API-Key: $TAPEHOUSE_KEY" {origin}/api/v1/auth/me
        </pre>
      </div>
    </SecretOnceDialog>
  );
}
