/**
 * API keys: the caller's keys by status (GET /auth/api-keys?status=), a new key (shown once, in
 * NewKeyDialog), and revocation with a confirmation (DELETE /auth/api-keys/{id}).
 */
import { useCallback, useState } from 'react';
import type { ApiKeyRecord, ApiKeyStatus, CreatedApiKey } from '../../api/account-types.ts';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { useAccount } from './account-context.tsx';
import { CreateApiKeyForm } from './CreateApiKeyForm.tsx';
import { accountErrorText } from './error-text.ts';
import { NewKeyDialog } from './NewKeyDialog.tsx';
import { useLoader } from './use-loader.ts';

const FILTERS: { status: ApiKeyStatus | null; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'revoked', label: 'Revoked' },
  { status: 'expired', label: 'Expired' },
  { status: null, label: 'All' },
];

const STATUS_TONE = { active: 'ok', revoked: 'neutral', expired: 'warn' } as const;

export function ApiKeysPage() {
  const { client } = useAccount();
  const [status, setStatus] = useState<ApiKeyStatus | null>('active');
  const load = useCallback(
    (signal: AbortSignal) => client.listApiKeys(status, signal),
    [client, status],
  );
  const keys = useLoader(load);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRecord | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function onCreated(key: CreatedApiKey) {
    setCreating(false);
    setCreated(key);
    setDone(null);
    keys.reload();
  }

  return (
    <div className="stack">
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Show API keys by status">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              className="segmented__item"
              aria-pressed={status === filter.status}
              onClick={() => setStatus(filter.status)}
              data-testid={`keys-filter-${filter.status ?? 'all'}`}
            >
              {filter.label}
            </button>
          ))}
        </div>
        {!creating && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setCreating(true);
              setDone(null);
            }}
            data-testid="api-keys-create"
          >
            <Icon name="plus" />
            Create API key
          </button>
        )}
      </div>

      {creating && (
        <Card title="New API key" testId="create-key-card">
          <CreateApiKeyForm onCreated={onCreated} onCancel={() => setCreating(false)} />
        </Card>
      )}

      <FormMessages error={keys.error} success={done} testId="keys-messages" />

      {keys.data && keys.data.length === 0 ? (
        <div className="empty" data-testid="keys-empty">
          <p className="empty__title">{status ? `No ${status} API keys.` : 'No API keys yet.'}</p>
          <p className="muted">
            An API key lets a script call this engine as you, limited to the scopes you choose.
          </p>
        </div>
      ) : (
        <ul className="keys" aria-label="API keys" aria-busy={keys.loading} data-testid="keys-list">
          {keys.data?.map((key) => (
            <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </ul>
      )}
      {!keys.data && !keys.error && <p className="muted">Loading API keys…</p>}

      {created && <NewKeyDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeDialog
          apiKey={revoking}
          onClose={() => setRevoking(null)}
          onRevoked={() => {
            setDone(`API key “${revoking.name}” was revoked.`);
            setRevoking(null);
            keys.reload();
          }}
        />
      )}
    </div>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyRecord; onRevoke: () => void }) {
  return (
    <li className="key" data-testid="key-row" data-key-id={apiKey.id} data-status={apiKey.status}>
      <div className="key__head">
        <span className="key__icon" aria-hidden="true">
          <Icon name="key" size={18} />
        </span>
        <div className="key__title">
          <p className="key__name" data-testid="key-name">
            {apiKey.name}
          </p>
          {apiKey.description && <p className="key__description">{apiKey.description}</p>}
        </div>
        <Badge tone={STATUS_TONE[apiKey.status]} testId="key-status">
          {apiKey.status[0]!.toUpperCase() + apiKey.status.slice(1)}
        </Badge>
        {apiKey.status === 'active' && (
          <button
            type="button"
            className="button button--danger-ghost button--small"
            onClick={onRevoke}
            aria-label={`Revoke API key ${apiKey.name}`}
            data-testid="key-revoke"
          >
            Revoke
          </button>
        )}
      </div>
      <ul className="chips key__scopes" aria-label="Scopes">
        {apiKey.scopes.map((scope) => (
          <li key={scope} className="chip chip--selected">
            {scope === '*' ? '* (full access)' : scope}
          </li>
        ))}
      </ul>
      <dl className="key__facts">
        <div>
          <dt>Created</dt>
          <dd>{formatTimestamp(apiKey.created_at)}</dd>
        </div>
        <div>
          <dt>{apiKey.status === 'expired' ? 'Expired' : 'Expires'}</dt>
          <dd>{apiKey.expires_at ? formatTimestamp(apiKey.expires_at) : 'Never'}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{apiKey.last_used_at ? formatTimestamp(apiKey.last_used_at) : 'Never'}</dd>
        </div>
        {apiKey.revoked_at && (
          <div>
            <dt>Revoked</dt>
            <dd>{formatTimestamp(apiKey.revoked_at)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

function RevokeDialog({
  apiKey,
  onClose,
  onRevoked,
}: {
  apiKey: ApiKeyRecord;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const { client } = useAccount();
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey.name}”?`}
      confirmLabel="Revoke key"
      action={() => client.revokeApiKey(apiKey.id)}
      onDone={onRevoked}
      onClose={onClose}
      errorText={accountErrorText}
      testId="confirm-revoke-key"
      confirmTestId="confirm-revoke-key-button"
    >
      <p>
        Scripts using this key get <code>401 Unauthorized</code> from now on. Revoking cannot be
        undone; the key stays listed as revoked.
      </p>
    </ConfirmDialog>
  );
}
