/**
 * Error lines for the account screens. The engine's `detail` is written for people ("Wrong
 * e-mail or password."), so a 4xx shows it alone; failures that are not the person's doing
 * (engine unreachable, 5xx) keep the code and request id for matching an engine log line.
 */
import { SIGNED_OUT } from '../../api/account-client.ts';
import { errorText, isApiError } from '../../api/errors.ts';

export function accountErrorText(error: unknown): string {
  if (!isApiError(error)) return errorText(error);
  if (error.code === SIGNED_OUT) return 'You are signed out. Sign in again to continue.';
  if (error.code === 'rate_limit_exceeded') {
    return `${error.detail} Wait a minute and try again.`;
  }
  if (error.status === 0 || error.status >= 500) return error.describe();
  return error.detail;
}
