/**
 * The caller's own account (document 1, "Profile and security"): GET and PATCH /auth/me and
 * change-password. A new phone number is unverified until /auth/verify-phone confirms it
 * ("States and transitions": phone verified → unverified).
 */
import { AppError } from '../../../errors.ts';
import type { SessionService } from '../sessions/session-service.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { assertPasswordPolicy } from './password-policy.ts';
import type { PlanSource } from '../../billing/index.ts';
import type { PasswordResetRepo } from './password-reset-repo.ts';
import { normalizePhone } from './phone-number.ts';
import type { UserRepo } from './user-repo.ts';
import { toUser, type User } from './user-schema.ts';

export interface ProfilePatch {
  full_name?: string | undefined;
  user_type?: string | null | undefined;
  audio_usage?: string | null | undefined;
  phone_number?: string | null | undefined;
  country_code?: string | null | undefined;
}

export class ProfileService {
  constructor(
    private readonly users: UserRepo,
    private readonly sessions: SessionService,
    private readonly resetTokens: PasswordResetRepo,
    private readonly plans: PlanSource,
  ) {}

  private row(userId: string) {
    const row = this.users.get(userId);
    if (!row) throw new AppError('not_found', 'Account not found.');
    return row;
  }

  me(userId: string): User {
    return toUser(this.row(userId), this.plans.blocksFor(userId));
  }

  update(userId: string, patch: ProfilePatch): User {
    const current = this.row(userId);
    const phone =
      patch.phone_number === undefined
        ? undefined
        : patch.phone_number === null
          ? null
          : normalizePhone(patch.phone_number, 'phone_number');
    const phoneChanged = phone !== undefined && phone !== current.phoneNumber;
    const updated = this.users.update(userId, {
      ...(patch.full_name !== undefined && { fullName: patch.full_name.trim() }),
      ...(patch.user_type !== undefined && { userType: patch.user_type }),
      ...(patch.audio_usage !== undefined && { audioUsage: patch.audio_usage }),
      ...(patch.country_code !== undefined && { countryCode: patch.country_code }),
      ...(phoneChanged && { phoneNumber: phone, phoneVerified: false }),
    });
    return toUser(updated, this.plans.blocksFor(userId));
  }

  /**
   * Checks the current password, applies the contract's strength rule, and logs out every other
   * session ("States and transitions"); the caller's own session (if it is one) stays.
   */
  async changePassword(
    userId: string,
    currentSessionId: string | null,
    currentPassword: string,
    newPassword: string,
  ): Promise<void> {
    const user = this.row(userId);
    const ok =
      user.passwordHash !== null && (await verifyPassword(currentPassword, user.passwordHash));
    if (!ok) throw new AppError('invalid_credentials', 'The current password is wrong.');
    assertPasswordPolicy(newPassword, 'new_password');
    this.users.update(userId, { passwordHash: await hashPassword(newPassword) });
    this.resetTokens.voidAllOf(userId);
    this.sessions.endOthers(userId, currentSessionId, 'password_changed');
  }
}
