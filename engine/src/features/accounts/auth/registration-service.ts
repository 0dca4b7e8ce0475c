/**
 * E-mail registration (document 1, "Registration, login, tokens" and "States and
 * transitions"): initiate → a 6-digit code e-mailed, valid 15 minutes → verify → the account
 * exists (verified) and the caller is logged in. The e-mail, password and name wait in
 * pending_registrations until then, so an unverified address never becomes an account.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../errors.ts';
import type { Mailer } from '../outbox/mailer.ts';
import { deviceFingerprint, type ClientInfo } from '../sessions/client-info.ts';
import type { AuthSignals } from './auth-signals.ts';
import type { CaptchaProof, CaptchaService } from './captcha-service.ts';
import { hashSecret, secretMatches, sixDigitCode } from './one-time-code.ts';
import { hashPassword } from './password-hash.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import type { RegistrationRepo } from './registration-repo.ts';
import type { SignInService } from './sign-in-service.ts';
import { isoAfterSeconds, isPast } from './time.ts';
import { normalizeEmail, type UserRepo } from './user-repo.ts';
import type { TokenResponse } from './user-schema.ts';

export const VERIFICATION_CODE_TTL_SECONDS = 15 * 60;
/** Wrong codes accepted before the pending sign-up is dropped (a new code must be requested). */
export const MAX_CODE_ATTEMPTS = 5;

export interface RegistrationStart extends CaptchaProof {
  email: string;
  password: string;
  full_name: string;
}

function wrongCode(): AppError {
  return new AppError(
    'invalid_verification_code',
    'The verification code is wrong or has expired.',
  );
}

export class RegistrationService {
  constructor(
    private readonly users: UserRepo,
    private readonly pending: RegistrationRepo,
    private readonly mailer: Mailer,
    private readonly signals: AuthSignals,
    private readonly captcha: CaptchaService,
    private readonly signIn: SignInService,
  ) {}

  async initiate(
    input: RegistrationStart,
    client: ClientInfo,
  ): Promise<{ message: string; email: string }> {
    const email = normalizeEmail(input.email);
    if (this.users.findByEmail(email)) {
      throw new AppError('email_already_registered', 'This e-mail is already registered.');
    }
    assertPasswordPolicy(input.password, 'password');
    const fingerprint = deviceFingerprint(client);
    this.signals.assertSignupAllowed(client.ip, fingerprint);
    const reasons = this.signals.captchaReasons('signup', client.ip, fingerprint);
    if (reasons.length > 0) this.captcha.redeem(input, client.ip, reasons);
    const code = sixDigitCode();
    const passwordHash = await hashPassword(input.password);
    // Mailed before the pending sign-up is replaced: a send refused by the recipient cap (429)
    // or failed by SMTP leaves the code already mailed valid.
    await this.mailer.send({
      to: email,
      subject: `Your Tapehouse verification code: ${code}`,
      text:
        `Your Tapehouse verification code is ${code}.\n\n` +
        `It expires in ${VERIFICATION_CODE_TTL_SECONDS / 60} minutes. ` +
        'If you did not sign up, ignore this message.\n',
    });
    this.pending.upsert({
      email,
      passwordHash,
      fullName: input.full_name.trim(),
      codeHash: hashSecret(code, email),
      expiresAt: isoAfterSeconds(VERIFICATION_CODE_TTL_SECONDS),
      deviceFingerprint: fingerprint,
      ipAddress: client.ip,
    });
    return { message: 'A verification code was sent to the e-mail address.', email };
  }

  verify(input: { email: string; verification_code: string }, client: ClientInfo): TokenResponse {
    const email = normalizeEmail(input.email);
    const pending = this.pending.get(email);
    if (!pending || isPast(pending.expiresAt) || pending.attempts >= MAX_CODE_ATTEMPTS) {
      throw wrongCode();
    }
    if (!secretMatches(input.verification_code, pending.codeHash, email)) {
      this.pending.countWrongAttempt(email);
      throw wrongCode();
    }
    if (this.users.findByEmail(email)) {
      this.pending.delete(email);
      throw new AppError('email_already_registered', 'This e-mail is already registered.');
    }
    this.signals.assertSignupAllowed(pending.ipAddress, pending.deviceFingerprint);
    const user = this.users.create({
      id: randomUUID(),
      email,
      passwordHash: pending.passwordHash,
      fullName: pending.fullName,
      isVerified: true,
    });
    this.pending.delete(email);
    this.signals.recordSignup(pending.ipAddress, pending.deviceFingerprint, email);
    // The device that proved it reads the account's mailbox starts out trusted.
    return this.signIn.complete(user, client, 'registration', { trustDevice: true });
  }
}
