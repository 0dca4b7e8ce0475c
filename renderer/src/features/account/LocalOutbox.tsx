/**
 * "Local outbox (this machine only)": with no SMTP server configured, the engine keeps its
 * e-mails in the database instead of sending them (ARCHITECTURE.md, Profiles). During sign-up
 * the studio reads the newest one for the address with the studio token — the machine owner's
 * credential, the only one allowed to read the outbox — and shows it here.
 */
import { useCallback } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { useAccount } from './account-context.tsx';
import { codeIn, latestMessageSince } from './outbox.ts';
import { useLoader } from './use-loader.ts';

export function LocalOutbox({
  email,
  sinceMs,
  onUseCode,
}: {
  email: string;
  /** When the code was requested; older messages are from earlier attempts. */
  sinceMs: number;
  onUseCode: (code: string) => void;
}) {
  const { client } = useAccount();
  const load = useCallback(
    // sinceMs is in the deps so that "Send a new code" reloads the outbox.
    async (signal: AbortSignal) => {
      const { messages } = await client.readOutbox(email, signal);
      return latestMessageSince(messages, email, sinceMs);
    },
    [client, email, sinceMs],
  );
  const { data: message, error, loading, reload } = useLoader(load);
  const code = message ? codeIn(message.body) : null;

  return (
    <section className="outbox" aria-labelledby="outbox-title" data-testid="local-outbox">
      <header className="outbox__head">
        <Icon name="mail" />
        <h2 id="outbox-title" className="outbox__title">
          Local outbox (this machine only)
        </h2>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={reload}
          disabled={loading}
        >
          <Icon name="refresh" />
          Check again
        </button>
      </header>
      <p className="outbox__note">
        This engine has no e-mail server configured, so it keeps its messages here instead of
        sending them. Only this machine’s owner can read them.
      </p>
      <div aria-live="polite" aria-busy={loading}>
        {error && (
          <div className="alert alert--error">
            <Icon name="alert" />
            <div>Could not read the local outbox: {error}</div>
          </div>
        )}
        {!error && !loading && !message && (
          <p className="outbox__empty" data-testid="outbox-empty">
            No message for {email} in the local outbox. If this engine sends e-mail through an SMTP
            server, the code is in that inbox.
          </p>
        )}
        {message && (
          <article className="outbox__message" data-testid="outbox-message">
            <dl className="outbox__meta">
              <div>
                <dt>To</dt>
                <dd>{message.to}</dd>
              </div>
              <div>
                <dt>Subject</dt>
                <dd>{message.subject}</dd>
              </div>
              <div>
                <dt>Received</dt>
                <dd>{formatTimestamp(message.created_at)}</dd>
              </div>
            </dl>
            <p className="outbox__body" data-testid="outbox-body">
              {message.body.trim()}
            </p>
            {code && (
              <div className="outbox__code">
                <span className="outbox__code-label">Code</span>
                <code className="outbox__code-value" data-testid="outbox-code">
                  {code}
                </code>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => onUseCode(code)}
                  data-testid="outbox-use-code"
                >
                  Use this code
                </button>
              </div>
            )}
          </article>
        )}
      </div>
    </section>
  );
}
