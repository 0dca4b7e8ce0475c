/**
 * Phone verification (document 1, /auth/send-phone-verification and /auth/verify-phone): a
 * 6-digit code valid 10 minutes goes out through the pluggable SmsSender (the local outbox by
 * default); the right code sets the account's phone number and marks it verified.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../errors.ts';
import type { SmsSender } from '../outbox/sms-sender.ts';
import { hashSecret, secretMatches, sixDigitCode } from './one-time-code.ts';
import { normalizePhone } from './phone-number.ts';
import type { PhoneVerificationRepo } from './phone-verification-repo.ts';
import { isoAfterSeconds, isPast } from './time.ts';
import type { UserRepo } from './user-repo.ts';

export const PHONE_CODE_TTL_SECONDS = 10 * 60;
const MAX_ATTEMPTS = 5;

export class PhoneVerificationService {
  constructor(
    private readonly users: UserRepo,
    private readonly codes: PhoneVerificationRepo,
    private readonly sms: SmsSender,
  ) {}

  async send(userId: string, phoneNumber: string, countryCode: string | null): Promise<void> {
    const phone = normalizePhone(phoneNumber, 'phone_number');
    const code = sixDigitCode();
    const id = randomUUID();
    this.codes.add({
      id,
      userId,
      phoneNumber: phone,
      countryCode,
      codeHash: hashSecret(code, id),
      expiresAt: isoAfterSeconds(PHONE_CODE_TTL_SECONDS),
    });
    await this.sms.send(
      phone,
      `Your Tapehouse phone verification code is ${code}. It expires in 10 minutes.`,
    );
  }

  verify(userId: string, phoneNumber: string, otpCode: string): void {
    const phone = normalizePhone(phoneNumber, 'phone_number');
    const row = this.codes.latestOpen(userId, phone);
    const wrong = new AppError(
      'invalid_verification_code',
      'The phone verification code is wrong or has expired.',
    );
    if (!row || isPast(row.expiresAt) || row.attempts >= MAX_ATTEMPTS) throw wrong;
    if (!secretMatches(otpCode, row.codeHash, row.id)) {
      this.codes.countWrongAttempt(row.id);
      throw wrong;
    }
    if (!this.codes.consume(row.id)) throw wrong;
    this.users.update(userId, {
      phoneNumber: phone,
      phoneVerified: true,
      ...(row.countryCode !== null && { countryCode: row.countryCode }),
    });
  }
}
