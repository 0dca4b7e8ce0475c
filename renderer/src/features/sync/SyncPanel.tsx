/**
 * Account → Sync (`#/account/sync`): this studio's link to a hosted Tapehouse account — its
 * state, last sync, queued events, the hosted credits, offload, and clear messages when offline
 * or signed out. The machine owner's page (studio token): no local sign-in needed.
 * docs/api/sync.md.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { PageBody } from '../../ui/Layout.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { BuyHostedCredits } from './BuyHostedCredits.tsx';
import { credentialStoreWords } from './credential-store.ts';
import { HostedCreditsCard } from './HostedCreditsCard.tsx';
import { SyncLinkForm } from './SyncLinkForm.tsx';
import { ago, headline, methodLabel, queued } from './sync-model.ts';
import styles from './Sync.module.css';

/** How often the panel refreshes the status while shown (a browser sign-in: every second). */
const REFRESH_MS = 10_000;
const PENDING_REFRESH_MS = 1_000;

export function SyncPanel() {
  const status = useContractQuery(
    '/sync/status',
    {},
    { refetchInterval: (data) => (data?.oauth_pending ? PENDING_REFRESH_MS : REFRESH_MS) },
  );
  const [message, setMessage] = useState<string | null>(null);
  const families = { invalidates: ['/sync', '/credits'] };
  const run = useContractMutation('post', '/sync/run', {
    ...families,
    onSuccess: () => setMessage('Synced.'),
  });
  const settings = useContractMutation('put', '/sync/settings', families);
  const unlink = useContractMutation('post', '/sync/unlink', {
    ...families,
    onSuccess: (answer) => setMessage(answer.message ?? 'Unlinked.'),
  });
  const current = status.data;
  const pending = current?.oauth_pending ?? null;
  if (!current) {
    return (
      <FormMessages error={status.error ? errorMessage(status.error) : null} testId="sync-load" />
    );
  }
  const head = headline(current);
  const store = credentialStoreWords(current.credential_store);
  const busy = run.isPending || settings.isPending || unlink.isPending;
  const failure = run.error ?? settings.error ?? unlink.error;

  return (
    <PageBody testId="sync-panel">
      <Card
        title="Tapehouse account sync"
        testId="sync-state"
        aside={
          <Badge tone={head.tone} testId="sync-state-badge">
            {head.label}
          </Badge>
        }
      >
        <Alert
          tone={
            head.tone === 'ok'
              ? 'ok'
              : head.tone === 'error'
                ? 'error'
                : head.tone === 'warn'
                  ? 'warn'
                  : 'info'
          }
          icon={head.tone === 'neutral' ? 'monitor' : undefined}
        >
          <span data-testid="sync-headline">{head.text}</span>
        </Alert>
        <Facts
          items={[
            ['Hosted service', current.hosted_url],
            ['Account', current.account_email ?? '—', 'sync-account'],
            ['Signed in with', methodLabel(current.method)],
            ['Last sync', ago(current.last_sync_at), 'sync-last'],
            ['Queued events', queued(current.queue_length), 'sync-queue'],
            ['Forwarded so far', String(current.forwarded_total)],
            ['Sign-in kept in', store.where, 'sync-store'],
          ]}
        />
        {store.why && (
          <p className="muted small" data-testid="sync-store-note">
            {store.why}
          </p>
        )}
        {pending && (
          <Alert tone="info" icon="clock" testId="sync-oauth-pending">
            Finish the {pending.provider === 'google' ? 'Google' : 'GitHub'} sign-in in your
            browser.{' '}
            <a href={pending.authorize_url} target="_blank" rel="noreferrer">
              Open it again
            </a>
          </Alert>
        )}
        <FormMessages
          error={failure ? errorMessage(failure) : null}
          success={message}
          testId="sync-messages"
        />
        {current.linked ? (
          <div className={styles.actions}>
            <Button
              icon="refresh"
              busy={run.isPending}
              disabled={busy}
              onClick={() => run.mutate({})}
              testId="sync-run"
            >
              Sync now
            </Button>
            <Toggle
              role="switch"
              checked={current.offload}
              disabled={busy}
              onChange={(offload) => settings.mutate({ json: { offload } })}
              testId="sync-offload"
            >
              Run what this machine cannot (a missing model) on the hosted service, paid from the
              hosted account
            </Toggle>
            <Button
              variant="danger-ghost"
              size="sm"
              icon="logout"
              disabled={busy}
              onClick={() => unlink.mutate({})}
              testId="sync-unlink"
            >
              Unlink this studio
            </Button>
          </div>
        ) : (
          <SyncLinkForm
            onLinked={(next) =>
              setMessage(`Linked to ${next.account_email ?? 'the hosted account'}.`)
            }
          />
        )}
      </Card>
      <HostedCreditsCard credits={current.hosted_credits} email={current.account_email} />
      {current.linked && <BuyHostedCredits />}
    </PageBody>
  );
}
