/**
 * Sessions & devices: GET /auth/sessions (the current one marked), POST /auth/sessions/revoke
 * (one, or every other), and GET /auth/devices with the include_inactive toggle and its counts.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { cx } from '../../ui/cx.ts';
import { Stack } from '../../ui/Layout.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import type { Device, SessionRecord } from '../../api/account-types.ts';
import { Card } from '../../ui/Card.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { accountErrorText } from './error-text.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Account.module.css';

export function SessionsPage() {
  const sessions = useContractQuery('/auth/sessions', {}, { as: 'user' });
  const [includeInactive, setIncludeInactive] = useState(false);
  const devices = useContractQuery(
    '/auth/devices',
    { query: { include_inactive: includeInactive ? 'true' : 'false' } },
    { as: 'user', keepPrevious: true },
  );

  return (
    <Stack gap={5}>
      <SessionsCard
        sessions={sessions.data ?? null}
        loading={sessions.isFetching}
        error={sessions.error ? errorMessage(sessions.error) : null}
      />
      <Card
        title="Devices"
        testId="devices-card"
        aside={
          <Toggle
            role="switch"
            checked={includeInactive}
            onChange={setIncludeInactive}
            testId="devices-include-inactive"
          >
            Show inactive devices
          </Toggle>
        }
      >
        {devices.error && (
          <FormMessages error={`Could not load devices: ${errorMessage(devices.error)}`} />
        )}
        {devices.data && (
          <>
            <dl className={styles.stats} data-testid="device-counts">
              <div>
                <dt>Devices</dt>
                <dd data-testid="devices-total">{devices.data.total_count}</dd>
              </div>
              <div>
                <dt>Active now</dt>
                <dd data-testid="devices-active">{devices.data.active_count}</dd>
              </div>
              <div>
                <dt>Trusted</dt>
                <dd data-testid="devices-trusted">{devices.data.trusted_count}</dd>
              </div>
            </dl>
            {devices.data.devices.length === 0 ? (
              <p className="muted">
                {includeInactive ? 'No devices yet.' : 'No device has a live session right now.'}
              </p>
            ) : (
              <ul className={styles.rows} aria-label="Devices" aria-busy={devices.isFetching}>
                {[...devices.data.devices]
                  .sort((a, b) => Number(b.is_current_session) - Number(a.is_current_session))
                  .map((device) => (
                    <DeviceRow key={device.id} device={device} />
                  ))}
              </ul>
            )}
          </>
        )}
        {!devices.data && !devices.error && <p className="muted">Loading devices…</p>}
      </Card>
    </Stack>
  );
}

function SessionsCard({
  sessions,
  loading,
  error,
}: {
  sessions: SessionRecord[] | null;
  loading: boolean;
  error: string | null;
}) {
  const revokeSession = useContractMutation('post', '/auth/sessions/revoke', {
    as: 'user',
    invalidates: ['/auth/sessions', '/auth/devices'],
  });
  const [confirmAll, setConfirmAll] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const others = sessions?.filter((session) => !session.is_current).length ?? 0;

  async function revoke(target: { sessionId: string } | { allOthers: true }, label: string) {
    setBusy('sessionId' in target ? target.sessionId : 'all');
    setFailure(null);
    setDone(null);
    try {
      await revokeSession.mutateAsync({
        json:
          'sessionId' in target ? { session_id: target.sessionId } : { revoke_all_others: true },
      });
      setDone(label);
    } catch (caught) {
      setFailure(accountErrorText(caught));
    } finally {
      setBusy(null);
      setConfirmAll(false);
    }
  }

  return (
    <Card
      title="Sessions"
      testId="sessions-card"
      aside={
        <Button
          variant="danger-ghost"
          size="sm"
          icon="logout"
          disabled={others === 0 || busy !== null}
          onClick={() => setConfirmAll(true)}
          testId="sessions-revoke-others"
        >
          Sign out all other sessions
        </Button>
      }
    >
      <p className="muted small">
        Each sign-in (studio tab, desktop app, script using a password) is a session. Signing one
        out ends its tokens at once.
      </p>
      <FormMessages error={failure ?? error} success={done} testId="sessions-messages" />
      {sessions === null ? (
        !error && <p className="muted">Loading sessions…</p>
      ) : (
        <ul
          className={styles.rows}
          aria-label="Sessions"
          aria-busy={loading}
          data-testid="sessions-list"
        >
          {currentFirst(sessions).map((session) => (
            <li
              key={session.session_id}
              className={cx(styles.row, session.is_current && styles.current)}
              data-testid="session-row"
              data-current={session.is_current}
            >
              <span className={styles.rowIcon} aria-hidden="true">
                <Icon name="monitor" size={18} />
              </span>
              <div className={styles.rowMain}>
                <p className={styles.rowTitle}>
                  {session.device_info}
                  {session.is_current && (
                    <Badge tone="ok" testId="session-current">
                      This session
                    </Badge>
                  )}
                </p>
                <p className={styles.rowMeta}>
                  {session.ip_address} · signed in {formatTimestamp(session.created_at)} · last
                  active {formatTimestamp(session.last_active)} · expires{' '}
                  {formatTimestamp(session.expires_at)}
                </p>
              </div>
              {!session.is_current && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy !== null}
                  onClick={() =>
                    void revoke({ sessionId: session.session_id }, 'That session was signed out.')
                  }
                  aria-label={`Sign out the session on ${session.device_info}`}
                >
                  {busy === session.session_id ? 'Signing out…' : 'Sign out'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirmAll}
        title="Sign out all other sessions?"
        tone="danger"
        onClose={() => setConfirmAll(false)}
        testId="confirm-revoke-others"
        actions={
          <>
            <Button variant="ghost" onClick={() => setConfirmAll(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy !== null}
              onClick={() =>
                void revoke({ allOthers: true }, 'Every other session was signed out.')
              }
              testId="confirm-revoke-others-button"
            >
              Sign out {others} {others === 1 ? 'session' : 'sessions'}
            </Button>
          </>
        }
      >
        <p>
          Every browser, app and script signed in to this account with a password — except this
          studio tab — will have to sign in again. API keys are not affected.
        </p>
      </Dialog>
    </Card>
  );
}

function DeviceRow({ device }: { device: Device }) {
  const logins = `${device.login_count} ${device.login_count === 1 ? 'sign-in' : 'sign-ins'}`;
  return (
    <li
      className={cx(styles.row, device.is_current_session && styles.current)}
      data-testid="device-row"
    >
      <span className={styles.rowIcon} aria-hidden="true">
        <Icon name="monitor" size={18} />
      </span>
      <div className={styles.rowMain}>
        <p className={styles.rowTitle}>
          {device.display_name}
          {device.is_current_session && <Badge tone="ok">This device</Badge>}
          {device.is_trusted && <Badge tone="neutral">Trusted</Badge>}
          {!device.is_active && <Badge tone="neutral">Inactive</Badge>}
          {device.is_blocked && <Badge tone="error">Blocked</Badge>}
        </p>
        <p className={styles.rowMeta}>
          {capitalize(device.device_type)} · {device.location} · {device.ip_address} ·{' '}
          {device.timezone === 'Unknown' ? 'time zone unknown' : device.timezone} · {logins}, last
          by {device.last_login_method}
        </p>
        <p className={styles.rowMeta}>
          First seen {formatTimestamp(device.first_seen)} · last seen{' '}
          {formatTimestamp(device.last_seen)}
        </p>
      </div>
    </li>
  );
}

/** The current session on top, then the engine's order (newest first). */
function currentFirst(sessions: SessionRecord[]): SessionRecord[] {
  return [...sessions].sort((a, b) => Number(b.is_current) - Number(a.is_current));
}

function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}
