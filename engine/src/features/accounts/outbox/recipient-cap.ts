/**
 * E-mail flood protection (document 1, Limits: "E-mail flood protection applies across all
 * users"). The per-IP route limits stop one client; this stops many clients — or one client on
 * many addresses — from burying one person in sign-up codes and reset tokens: every e-mail the
 * engine sends counts against its recipient, whoever asked for it, at most
 * RECIPIENT_HOURLY_CAP in a rolling hour and RECIPIENT_DAILY_CAP in a rolling day. Counted in
 * SQLite (auth_attempts, kind `message_sent`), so a restart does not reset it. Over the cap the
 * send fails with 429 `rate_limit_exceeded`; forgot-password swallows that (its answer is always
 * 204, so it never tells whether the account exists), initiate-registration answers it.
 */
import { AppError } from '../../../errors.ts';
import type { AuthAttemptRepo } from '../auth/auth-attempt-repo.ts';
import { nowIso } from '../auth/time.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export const RECIPIENT_HOURLY_CAP = 5;
export const RECIPIENT_DAILY_CAP = 10;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export class RecipientCappedMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly attempts: AuthAttemptRepo,
  ) {}

  get kind(): Mailer['kind'] {
    return this.inner.kind;
  }

  async send(message: MailMessage): Promise<void> {
    const recipient = message.to.trim().toLowerCase();
    const now = Date.now();
    this.attempts.prune('message_sent', nowIso(now - DAY_MS));
    this.assertUnder(recipient, RECIPIENT_HOURLY_CAP, HOUR_MS, 'hour', now);
    this.assertUnder(recipient, RECIPIENT_DAILY_CAP, DAY_MS, 'day', now);
    // Counted before the send: concurrent requests see each other, and a send that fails
    // still counts (the cap errs on the side of the recipient).
    this.attempts.record('message_sent', '', null, recipient);
    await this.inner.send(message);
  }

  private assertUnder(
    recipient: string,
    cap: number,
    windowMs: number,
    windowName: string,
    now: number,
  ): void {
    const since = nowIso(now - windowMs);
    if (this.attempts.countByEmail('message_sent', recipient, since) < cap) return;
    const oldest = this.attempts.oldestByEmail('message_sent', recipient, since);
    const retryAfter = Math.max(
      1,
      Math.ceil(((oldest === null ? now : Date.parse(oldest)) + windowMs - now) / 1000),
    );
    throw new AppError(
      'rate_limit_exceeded',
      `Too many e-mails to this address: at most ${cap} per ${windowName}. Retry in ${retryAfter} s.`,
      {
        headers: { 'X-RateLimit-Limit': String(cap), 'Retry-After': String(retryAfter) },
        details: { limit: cap, window_seconds: windowMs / 1000, retry_after: retryAfter },
      },
    );
  }
}
