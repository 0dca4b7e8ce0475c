/**
 * API keys: the caller's keys by status (GET /auth/api-keys?status=), a new key (shown once, in
 * NewKeyDialog), and revocation with a confirmation (DELETE /auth/api-keys/{id}).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { EmptyState } from '../../ui/Alert.tsx';
import { Stack, Toolbar } from '../../ui/Layout.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import type { ApiKeyRecord, ApiKeyStatus, CreatedApiKey } from '../../api/account-types.ts';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { CreateApiKeyForm } from './CreateApiKeyForm.tsx';
import { NewKeyDialog } from './NewKeyDialog.tsx';
import { Button } from '../../ui/Button.tsx';
import styles from './Account.module.css';

const FILTERS: { status: ApiKeyStatus | 'all'; label: string }[] = [
  { status: 'active', label: 'Active' },
  { status: 'revoked', label: 'Revoked' },
  { status: 'expired', label: 'Expired' },
  { status: 'all', label: 'All' },
];

const STATUS_TONE = { active: 'ok', revoked: 'neutral', expired: 'warn' } as const;

export function ApiKeysPage() {
  const [status, setStatus] = useState<ApiKeyStatus | 'all'>('active');
  const keys = useContractQuery(
    '/auth/api-keys',
    { query: status === 'all' ? {} : { status } },
    { as: 'user', keepPrevious: true },
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRecord | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function onCreated(key: CreatedApiKey) {
    setCreating(false);
    setCreated(key);
    setDone(null);
  }

  return (
    <Stack gap={4}>
      <Toolbar
        label="API keys"
        start={
          <SegmentedControl
            label="Show API keys by status"
            value={status}
            onChange={setStatus}
            options={FILTERS.map((filter) => ({
              value: filter.status,
              label: filter.label,
              testId: `keys-filter-${filter.status}`,
            }))}
          />
        }
        end={
          !creating && (
            <Button
              variant="primary"
              icon="plus"
              onClick={() => {
                setCreating(true);
                setDone(null);
              }}
              testId="api-keys-create"
            >
              Create API key
            </Button>
          )
        }
      />

      {creating && (
        <Card title="New API key" testId="create-key-card">
          <CreateApiKeyForm onCreated={onCreated} onCancel={() => setCreating(false)} />
        </Card>
      )}

      <FormMessages
        error={keys.error ? errorMessage(keys.error) : null}
        success={done}
        testId="keys-messages"
      />

      {keys.data && keys.data.length === 0 ? (
        <EmptyState
          icon="key"
          title={status === 'all' ? 'No API keys yet.' : `No ${status} API keys.`}
          testId="keys-empty"
        >
          An API key lets a script call this studio as you, limited to the scopes you choose.
        </EmptyState>
      ) : (
        <ul
          className={styles.keys}
          aria-label="API keys"
          aria-busy={keys.isFetching}
          data-testid="keys-list"
        >
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
          }}
        />
      )}
    </Stack>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyRecord; onRevoke: () => void }) {
  return (
    <li
      className={styles.key}
      data-testid="key-row"
      data-key-id={apiKey.id}
      data-status={apiKey.status}
    >
      <div className={styles.keyHead}>
        <span className={styles.rowIcon} aria-hidden="true">
          <Icon name="key" size={18} />
        </span>
        <div className={styles.keyTitle}>
          <p className={styles.keyName} data-testid="key-name">
            {apiKey.name}
          </p>
          {apiKey.description && <p className="muted small">{apiKey.description}</p>}
        </div>
        <Badge tone={STATUS_TONE[apiKey.status]} testId="key-status">
          {apiKey.status[0]!.toUpperCase() + apiKey.status.slice(1)}
        </Badge>
        {apiKey.status === 'active' && (
          <Button
            variant="danger-ghost"
            size="sm"
            onClick={onRevoke}
            aria-label={`Revoke API key ${apiKey.name}`}
            testId="key-revoke"
          >
            Revoke
          </Button>
        )}
      </div>
      <ul className={styles.scopeList} aria-label="Scopes">
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Badge tone="info">{scope === '*' ? '* (full access)' : scope}</Badge>
          </li>
        ))}
      </ul>
      <dl className={styles.keyFacts}>
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
  const revoke = useContractMutation('delete', '/auth/api-keys/{key_id}', {
    as: 'user',
    invalidates: ['/auth/api-keys'],
  });
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey.name}”?`}
      confirmLabel="Revoke key"
      action={() => revoke.mutateAsync({ params: { key_id: apiKey.id } })}
      onDone={onRevoked}
      onClose={onClose}
      errorText={errorMessage}
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
