/**
 * "Local outbox (this computer only)": with no e-mail server configured, the engine keeps its
 * e-mails in its database instead of sending them (ARCHITECTURE.md, Profiles). During sign-up
 * the studio reads the newest one for the address as the machine's owner (the only credential
 * allowed to read the outbox) and shows it here; the verify step says where the code went from
 * the same query (useOutboxMessage).
 */
import { errorMessage } from '../../api/errors.ts';
import type { OutboxMessage } from '../../api/account-types.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { codeIn, latestMessageSince } from './outbox.ts';
import styles from './Account.module.css';

/** The registration message for `email` written since `sinceMs`, or null (none, or not yet). */
export function useOutboxMessage(email: string, sinceMs: number) {
  return useContractQuery(
    '/local/outbox',
    { query: { to: email, channel: 'email', limit: 5 } },
    {
      select: (answer) => latestMessageSince(answer.messages, email, sinceMs),
      // The message is written while the request is answered; look again briefly until it shows.
      refetchInterval: (answer) =>
        answer && latestMessageSince(answer.messages, email, sinceMs) ? false : 2_000,
    },
  );
}

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
  const outbox = useOutboxMessage(email, sinceMs);
  const message: OutboxMessage | null | undefined = outbox.data;
  const code = message ? codeIn(message.body) : null;

  return (
    <section className={styles.about} aria-labelledby="outbox-title" data-testid="local-outbox">
      <header className={styles.outboxHead}>
        <Icon name="mail" />
        <Heading level={2} id="outbox-title">
          Local outbox (this computer only)
        </Heading>
        <Button
          variant="ghost"
          size="sm"
          icon="refresh"
          onClick={() => void outbox.refetch()}
          busy={outbox.isFetching}
        >
          Check again
        </Button>
      </header>
      <p className="muted small">
        This studio has no e-mail server set up, so it keeps its messages here instead of sending
        them. Only this computer’s owner can read them.
      </p>
      <div aria-live="polite" aria-busy={outbox.isFetching}>
        {outbox.error && (
          <Alert tone="error">Could not read the local outbox: {errorMessage(outbox.error)}</Alert>
        )}
        {!outbox.error && outbox.isSuccess && !message && (
          <p className="muted" data-testid="outbox-empty">
            No message for {email} in the local outbox. If this studio sends e-mail through a mail
            server, the code is in that inbox.
          </p>
        )}
        {message && (
          <article className={styles.message} data-testid="outbox-message">
            <Facts
              items={[
                ['To', message.to],
                ['Subject', message.subject],
                ['Received', formatTimestamp(message.created_at)],
              ]}
            />
            <p className={styles.messageBody} data-testid="outbox-body">
              {message.body.trim()}
            </p>
            {code && (
              <div className={styles.code}>
                <span className="muted small">Code</span>
                <code className={styles.codeValue} data-testid="outbox-code">
                  {code}
                </code>
                <Button size="sm" onClick={() => onUseCode(code)} testId="outbox-use-code">
                  Use this code
                </Button>
              </div>
            )}
          </article>
        )}
      </div>
    </section>
  );
}
