/**
 * Sessions & devices: GET /auth/sessions (the current one marked), POST /auth/sessions/revoke
 * (one, or every other), and GET /auth/devices with the include_inactive toggle and its counts.
 */
import { useCallback, useState } from 'react';
import type { Device, SessionRecord } from '../../api/account-types.ts';
import { Card } from '../../ui/Card.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { useAccount } from './account-context.tsx';
import { accountErrorText } from './error-text.ts';
import { useLoader } from './use-loader.ts';

export function SessionsPage() {
  const { client } = useAccount();
  const loadSessions = useCallback((signal: AbortSignal) => client.sessions(signal), [client]);
  const sessions = useLoader(loadSessions);
  const [includeInactive, setIncludeInactive] = useState(false);
  const loadDevices = useCallback(
    (signal: AbortSignal) => client.devices(includeInactive, signal),
    [client, includeInactive],
  );
  const devices = useLoader(loadDevices);
  const reloadBoth = () => {
    sessions.reload();
    devices.reload();
  };

  return (
    <div className="stack">
      <SessionsCard
        sessions={sessions.data}
        loading={sessions.loading}
        error={sessions.error}
        onChanged={reloadBoth}
      />
      <Card
        title="Devices"
        testId="devices-card"
        aside={
          <label className="toggle">
            <input
              type="checkbox"
              checked={includeInactive}
              onChange={(event) => setIncludeInactive(event.target.checked)}
              data-testid="devices-include-inactive"
            />
            Show inactive devices
          </label>
        }
      >
        {devices.error && <FormMessages error={`Could not load devices: ${devices.error}`} />}
        {devices.data && (
          <>
            <dl className="stats" data-testid="device-counts">
              <div className="stat">
                <dt>Devices</dt>
                <dd data-testid="devices-total">{devices.data.total_count}</dd>
              </div>
              <div className="stat">
                <dt>Active now</dt>
                <dd data-testid="devices-active">{devices.data.active_count}</dd>
              </div>
              <div className="stat">
                <dt>Trusted</dt>
                <dd data-testid="devices-trusted">{devices.data.trusted_count}</dd>
              </div>
            </dl>
            {devices.data.devices.length === 0 ? (
              <p className="muted">
                {includeInactive ? 'No devices yet.' : 'No device has a live session right now.'}
              </p>
            ) : (
              <ul className="rows" aria-label="Devices" aria-busy={devices.loading}>
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
    </div>
  );
}

function SessionsCard({
  sessions,
  loading,
  error,
  onChanged,
}: {
  sessions: SessionRecord[] | null;
  loading: boolean;
  error: string | null;
  onChanged: () => void;
}) {
  const { client } = useAccount();
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
      await client.revokeSession(target);
      setDone(label);
      onChanged();
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
        <button
          type="button"
          className="button button--danger-ghost button--small"
          disabled={others === 0 || busy !== null}
          onClick={() => setConfirmAll(true)}
          data-testid="sessions-revoke-others"
        >
          <Icon name="logout" />
          Sign out all other sessions
        </button>
      }
    >
      <p className="muted small card__intro">
        Each sign-in (studio tab, desktop app, script using a password) is a session. Signing one
        out ends its tokens at once.
      </p>
      <FormMessages error={failure ?? error} success={done} testId="sessions-messages" />
      {sessions === null ? (
        !error && <p className="muted">Loading sessions…</p>
      ) : (
        <ul className="rows" aria-label="Sessions" aria-busy={loading} data-testid="sessions-list">
          {currentFirst(sessions).map((session) => (
            <li
              key={session.session_id}
              className={`row${session.is_current ? ' row--current' : ''}`}
              data-testid="session-row"
              data-current={session.is_current}
            >
              <span className="row__icon" aria-hidden="true">
                <Icon name="monitor" size={18} />
              </span>
              <div className="row__main">
                <p className="row__title">
                  {session.device_info}
                  {session.is_current && (
                    <Badge tone="ok" testId="session-current">
                      This session
                    </Badge>
                  )}
                </p>
                <p className="row__meta">
                  {session.ip_address} · signed in {formatTimestamp(session.created_at)} · last
                  active {formatTimestamp(session.last_active)} · expires{' '}
                  {formatTimestamp(session.expires_at)}
                </p>
              </div>
              {!session.is_current && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy !== null}
                  onClick={() =>
                    void revoke({ sessionId: session.session_id }, 'That session was signed out.')
                  }
                  aria-label={`Sign out the session on ${session.device_info}`}
                >
                  {busy === session.session_id ? 'Signing out…' : 'Sign out'}
                </button>
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
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setConfirmAll(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy !== null}
              onClick={() =>
                void revoke({ allOthers: true }, 'Every other session was signed out.')
              }
              data-testid="confirm-revoke-others-button"
            >
              Sign out {others} {others === 1 ? 'session' : 'sessions'}
            </button>
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
      className={`row${device.is_current_session ? ' row--current' : ''}`}
      data-testid="device-row"
    >
      <span className="row__icon" aria-hidden="true">
        <Icon name="monitor" size={18} />
      </span>
      <div className="row__main">
        <p className="row__title">
          {device.display_name}
          {device.is_current_session && <Badge tone="ok">This device</Badge>}
          {device.is_trusted && <Badge tone="neutral">Trusted</Badge>}
          {!device.is_active && <Badge tone="neutral">Inactive</Badge>}
          {device.is_blocked && <Badge tone="error">Blocked</Badge>}
        </p>
        <p className="row__meta">
          {capitalize(device.device_type)} · {device.location} · {device.ip_address} ·{' '}
          {device.timezone === 'Unknown' ? 'time zone unknown' : device.timezone} · {logins}, last
          by {device.last_login_method}
        </p>
        <p className="row__meta">
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
