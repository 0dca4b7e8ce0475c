/**
 * Picking the registration message out of the local outbox (GET /local/outbox). Pure;
 * unit-tested in test/renderer/account-outbox.test.ts.
 */
import type { OutboxMessage } from '../../api/account-types.ts';

/**
 * Allowance for the engine's and the page's clocks (one machine, but the page's timestamp is
 * taken before the request and the engine's during it, at whole-millisecond precision).
 */
const CLOCK_SLACK_MS = 5_000;

/** The newest e-mail to `to` written at or after `sinceMs` (messages are newest first). */
export function latestMessageSince(
  messages: readonly OutboxMessage[],
  to: string,
  sinceMs: number,
): OutboxMessage | null {
  const recipient = to.trim().toLowerCase();
  for (const message of messages) {
    if (message.channel !== 'email' || message.to.toLowerCase() !== recipient) continue;
    const at = Date.parse(message.created_at);
    if (Number.isFinite(at) && at >= sinceMs - CLOCK_SLACK_MS) return message;
  }
  return null;
}

/** The 6-digit code in a message body, or null. */
export function codeIn(text: string): string | null {
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}
