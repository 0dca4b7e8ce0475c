/**
 * Password strength (document 1, "Profile and security" and "Limits": at least 6 characters,
 * one letter, one number). Applied to change-password as the contract says, and also to
 * registration and reset so no path can create a password change-password would refuse.
 */
import { AppError } from '../../../errors.ts';

export const PASSWORD_RULE =
  'The password needs at least 6 characters, including at least one letter and one number.';

export function passwordIsStrongEnough(password: string): boolean {
  return password.length >= 6 && /\p{L}/u.test(password) && /\p{N}/u.test(password);
}

/** Throws 400 validation_error naming the body field, with the rule as the message. */
export function assertPasswordPolicy(password: string, field: string): void {
  if (passwordIsStrongEnough(password)) return;
  throw new AppError('validation_error', PASSWORD_RULE, {
    details: { fields: [{ loc: ['body', field], msg: PASSWORD_RULE }] },
  });
}
