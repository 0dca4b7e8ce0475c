/**
 * Forgot and reset password (document 1, "Registration, login, tokens"). Forgot answers the
 * same whether or not the e-mail has an account (no account discovery); the token it mails is
 * 32 random bytes, stored as sha256, valid one hour and usable once. A reset ends every session
 * of the account, since whoever knew the old password may hold one.
 */
import { AppError } from '../../../errors.ts';
import type { Mailer } from '../outbox/mailer.ts';
import type { SessionService } from '../sessions/session-service.ts';
import { hashSecret, urlToken } from './one-time-code.ts';
import { hashPassword } from './password-hash.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import type { PasswordResetRepo } from './password-reset-repo.ts';
import { isoAfterSeconds, isPast } from './time.ts';
import type { UserRepo } from './user-repo.ts';

export const RESET_TOKEN_TTL_SECONDS = 3600;
const CONTEXT = 'password-reset';

export class PasswordResetService {
  constructor(
    private readonly users: UserRepo,
    private readonly tokens: PasswordResetRepo,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly log: (line: string) => void,
  ) {}

  /** Never reveals whether the account exists, neither in the answer nor in its timing. */
  forgot(email: string): void {
    const user = this.users.findByEmail(email);
    if (!user || !user.isActive) return;
    const token = urlToken();
    this.tokens.add(hashSecret(token, CONTEXT), user.id, isoAfterSeconds(RESET_TOKEN_TTL_SECONDS));
    // Not awaited: an SMTP round trip would make "account exists" measurably slower.
    this.mailer
      .send({
        to: user.email,
        subject: 'Reset your Tapehouse password',
        text:
          `Your password reset token is:\n\n${token}\n\n` +
          'Send it to POST /api/v1/auth/reset-password with your new password within one hour. ' +
          'It works once. If you did not ask for this, ignore this message.\n',
      })
      .catch((error: unknown) =>
        this.log(`password reset mail failed: ${error instanceof Error ? error.message : ''}`),
      );
  }

  async reset(token: string, newPassword: string): Promise<void> {
    assertPasswordPolicy(newPassword, 'new_password');
    const tokenHash = hashSecret(token, CONTEXT);
    const row = this.tokens.find(tokenHash);
    const invalid = new AppError(
      'invalid_verification_code',
      'The reset token is invalid, expired or already used.',
    );
    if (!row || row.usedAt !== null || isPast(row.expiresAt)) throw invalid;
    const passwordHash = await hashPassword(newPassword);
    // Re-checked after the await: `use` is conditional, so a token races to one reset only.
    if (!this.tokens.use(tokenHash)) throw invalid;
    this.users.update(row.userId, { passwordHash });
    this.tokens.voidAllOf(row.userId);
    this.sessions.endOthers(row.userId, null, 'password_reset');
  }
}
