/**
 * Account → Sync (`#/account/sync`): this studio's link to a hosted Tapehouse account — its
 * state, last sync, queued events, the hosted credits, offload, and clear messages when offline
 * or signed out. The machine owner's page (studio token): no local sign-in needed.
 * docs/api/sync.md.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { Card } from '../../ui/Card.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { useLoaded } from '../../lib/use-loader.ts';
import { BuyHostedCredits } from './BuyHostedCredits.tsx';
import { HostedCreditsCard } from './HostedCreditsCard.tsx';
import { SyncClient } from './sync-client.ts';
import { SyncLinkForm } from './SyncLinkForm.tsx';
import { ago, headline, methodLabel, queued } from './sync-model.ts';
import type { SyncStatus } from './sync-types.ts';
import './sync.css';

/** How often the panel refreshes the status while shown (a browser sign-in: every second). */
const REFRESH_MS = 10_000;
const PENDING_REFRESH_MS = 1_000;

export function SyncPanel() {
  const client = useMemo(() => new SyncClient(), []);
  const load = useCallback((signal: AbortSignal) => client.status(signal), [client]);
  const status = useLoaded(load, errorMessage);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { reload, setData } = status;
  const pending = status.data?.oauth_pending ?? null;

  useEffect(() => {
    const timer = setInterval(reload, pending ? PENDING_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, pending]);

  const act = async (work: () => Promise<SyncStatus>, done?: (s: SyncStatus) => string | null) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const next = await work();
      setData(() => next);
      setMessage(done?.(next) ?? null);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const current = status.data;
  if (!current) {
    return <FormMessages error={status.error} testId="sync-load" />;
  }
  const head = headline(current);
  return (
    <div className="stack sync" data-testid="sync-panel">
      <Card
        title="Tapehouse account sync"
        testId="sync-state"
        aside={
          <Badge tone={head.tone} testId="sync-state-badge">
            {head.label}
          </Badge>
        }
      >
        <p
          className={`alert alert--${head.tone === 'ok' ? 'ok' : head.tone === 'error' ? 'error' : 'info'}`}
        >
          <Icon
            name={head.tone === 'ok' ? 'check' : head.tone === 'neutral' ? 'monitor' : 'alert'}
          />
          <span data-testid="sync-headline">{head.text}</span>
        </p>
        <Facts
          items={[
            ['Hosted service', current.hosted_url],
            ['Account', current.account_email ?? '—', 'sync-account'],
            ['Signed in with', methodLabel(current.method)],
            ['Last sync', ago(current.last_sync_at), 'sync-last'],
            ['Queued events', queued(current.queue_length), 'sync-queue'],
            ['Forwarded so far', String(current.forwarded_total)],
            [
              'Tokens kept in',
              current.credential_store.kind === 'keychain'
                ? 'the OS credential store'
                : `a file only you can read (${current.credential_store.location})`,
              'sync-store',
            ],
          ]}
        />
        {current.credential_store.note && (
          <p className="muted small" data-testid="sync-store-note">
            {current.credential_store.note}
          </p>
        )}
        {pending && (
          <p className="alert alert--info" data-testid="sync-oauth-pending">
            <Icon name="clock" />
            <span>
              Finish the {pending.provider === 'google' ? 'Google' : 'GitHub'} sign-in in your
              browser.{' '}
              <a href={pending.authorize_url} target="_blank" rel="noreferrer">
                Open it again
              </a>
            </span>
          </p>
        )}
        <FormMessages error={error} success={message} testId="sync-messages" />
        {current.linked ? (
          <div className="form__actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void act(
                  () => client.run(),
                  () => 'Synced.',
                )
              }
              data-testid="sync-run"
            >
              <Icon name="refresh" />
              Sync now
            </button>
            <label className="sync__toggle">
              <input
                type="checkbox"
                checked={current.offload}
                disabled={busy}
                onChange={(e) => void act(() => client.setOffload(e.target.checked))}
                data-testid="sync-offload"
              />
              Run what this machine cannot (a missing model pack) on the hosted service, paid from
              the hosted account
            </label>
            <button
              type="button"
              className="button button--danger-ghost button--small"
              disabled={busy}
              onClick={() =>
                void act(
                  () => client.unlink(),
                  (answer) => ('message' in answer ? (answer.message as string | null) : null),
                )
              }
              data-testid="sync-unlink"
            >
              <Icon name="logout" />
              Unlink this studio
            </button>
          </div>
        ) : (
          <SyncLinkForm
            client={client}
            onLinked={(next) => {
              setData(() => next);
              setMessage(`Linked to ${next.account_email ?? 'the hosted account'}.`);
            }}
            onBrowserSignIn={reload}
          />
        )}
      </Card>
      <HostedCreditsCard credits={current.hosted_credits} email={current.account_email} />
      {current.linked && <BuyHostedCredits />}
    </div>
  );
}
