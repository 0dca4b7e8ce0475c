/**
 * The Account area's own pages under `#/account/...`, and which one to show for a path and a
 * sign-in state. Pure; unit-tested in test/renderer/account-routes.test.ts.
 */
import type { AuthState } from './auth-session.ts';

export const ACCOUNT_ROOT = '/account';
export const SIGN_IN_PATH = '/account/sign-in';
export const REGISTER_PATH = '/account/register';

export type PrivatePage = 'profile' | 'sessions' | 'api-keys';
export type PublicPage = 'sign-in' | 'register';

/** The tabs a signed-in person sees, in order; the first is the area's landing page. */
export const ACCOUNT_TABS: readonly { page: PrivatePage; path: string; label: string }[] = [
  { page: 'profile', path: '/account/profile', label: 'Profile' },
  { page: 'sessions', path: '/account/sessions', label: 'Sessions & devices' },
  { page: 'api-keys', path: '/account/api-keys', label: 'API keys' },
];

export const HOME_PATH = ACCOUNT_TABS[0]!.path;

export type AccountView =
  /** Saved tokens are still being read: show nothing rather than flash the sign-in form. */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string }
  | { kind: 'public'; page: PublicPage }
  | { kind: 'private'; page: PrivatePage }
  /** A private page while signed out: the sign-in form, then the page itself. */
  | { kind: 'sign-in-required'; page: PrivatePage }
  | { kind: 'not-found' };

export function accountView(path: string, status: AuthState['status']): AccountView {
  const tab = ACCOUNT_TABS.find((t) => t.path === path);
  const isPublic = path === SIGN_IN_PATH || path === REGISTER_PATH;
  if (!tab && !isPublic && path !== ACCOUNT_ROOT) return { kind: 'not-found' };
  if (status === 'restoring') return { kind: 'wait' };
  const signedIn = status === 'signed-in';
  if (path === ACCOUNT_ROOT) return { kind: 'redirect', to: signedIn ? HOME_PATH : SIGN_IN_PATH };
  if (isPublic) {
    if (signedIn) return { kind: 'redirect', to: HOME_PATH };
    return { kind: 'public', page: path === SIGN_IN_PATH ? 'sign-in' : 'register' };
  }
  const page = tab!.page;
  return signedIn ? { kind: 'private', page } : { kind: 'sign-in-required', page };
}
