/**
 * The activity signals behind automatic CAPTCHA (document 1, Authentication 5: "required
 * automatically according to IP reputation and activity") and the sign-up cap (Limits: at most
 * 3 sign-ups per device and IP combination). Thresholds are documented in docs/api/auth.md.
 */
import { AppError } from '../../../errors.ts';
import type { AuthAttemptRepo } from './auth-attempt-repo.ts';
import { nowIso } from './time.ts';

/**
 * Failed logins within the window after which logins need a CAPTCHA: from one IP (for every
 * account), and for one account (from every IP — an attacker rotating addresses still meets it).
 */
export const FAILED_LOGIN_THRESHOLD = 3;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;
/** Sign-ups already made from a device+IP after which the next one needs a CAPTCHA. */
export const SIGNUP_CAPTCHA_AFTER = 1;
/** Limits table: at most 3 sign-ups per device and IP combination (no time window). */
export const SIGNUP_CAP = 3;

export type CaptchaReason = 'failed_logins' | 'account_failed_logins' | 'signup_activity';

export class AuthSignals {
  constructor(private readonly attempts: AuthAttemptRepo) {}

  recordFailedLogin(ip: string, email: string): void {
    this.attempts.record('login_failed', ip, null, email);
    this.attempts.prune('login_failed', nowIso(Date.now() - 24 * 3600 * 1000));
  }

  recordSignup(ip: string, deviceFingerprint: string, email: string): void {
    this.attempts.record('signup', ip, deviceFingerprint, email);
  }

  recentFailedLogins(ip: string): number {
    const since = nowIso(Date.now() - FAILED_LOGIN_WINDOW_SECONDS * 1000);
    return this.attempts.countByIp('login_failed', ip, since);
  }

  /** Failed logins for one account (the e-mail as typed, trimmed and lower-cased). */
  recentFailedLoginsFor(email: string): number {
    const since = nowIso(Date.now() - FAILED_LOGIN_WINDOW_SECONDS * 1000);
    return this.attempts.countByEmail('login_failed', email.trim().toLowerCase(), since);
  }

  signups(ip: string, deviceFingerprint: string): number {
    return this.attempts.countByDevice('signup', ip, deviceFingerprint);
  }

  /**
   * Why a CAPTCHA is needed for logins (`login`) or sign-ups (`signup`) from this client, and
   * for logins to `account` (the e-mail a login names) when given.
   */
  captchaReasons(
    action: 'login' | 'signup' | 'any',
    ip: string,
    deviceFingerprint: string,
    account?: string,
  ): CaptchaReason[] {
    const reasons: CaptchaReason[] = [];
    if (this.recentFailedLogins(ip) >= FAILED_LOGIN_THRESHOLD) reasons.push('failed_logins');
    if (
      action !== 'signup' &&
      account !== undefined &&
      this.recentFailedLoginsFor(account) >= FAILED_LOGIN_THRESHOLD
    ) {
      reasons.push('account_failed_logins');
    }
    if (action !== 'login' && this.signups(ip, deviceFingerprint) >= SIGNUP_CAPTCHA_AFTER) {
      reasons.push('signup_activity');
    }
    return reasons;
  }

  /** 429 once this device+IP has made SIGNUP_CAP sign-ups. */
  assertSignupAllowed(ip: string, deviceFingerprint: string): void {
    if (this.signups(ip, deviceFingerprint) < SIGNUP_CAP) return;
    throw new AppError(
      'rate_limit_exceeded',
      `This device has reached the limit of ${SIGNUP_CAP} sign-ups from this network address.`,
      { headers: { 'X-RateLimit-Limit': String(SIGNUP_CAP) }, details: { limit: SIGNUP_CAP } },
    );
  }
}
