/**
 * How a refused provider credential answers: 401 `invalid_credentials` (document 1, Errors), the
 * contract's code for a sign-in that does not prove who the caller is, plus `provider` and a
 * machine-readable `reason` so a client can tell an expired token from a wrong setup. The
 * reasons are listed in docs/api/auth.md (OAuth).
 */
import { AppError } from '../../../errors.ts';

export type Provider = 'google' | 'github';
export const PROVIDERS = ['google', 'github'] as const;

export const PROVIDER_NAMES: Record<Provider, string> = { google: 'Google', github: 'GitHub' };

export function invalidProviderToken(provider: Provider, reason: string, message: string) {
  return new AppError('invalid_credentials', message, { details: { provider, reason } });
}
