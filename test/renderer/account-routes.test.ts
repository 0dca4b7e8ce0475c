import { describe, expect, it } from 'vitest';
import { accountView } from '../../renderer/src/features/account/account-routes.ts';

describe('Account area routing', () => {
  it('lands on the profile when signed in and on sign-in when not', () => {
    expect(accountView('/account', 'signed-in')).toEqual({
      kind: 'redirect',
      to: '/account/profile',
    });
    expect(accountView('/account', 'signed-out')).toEqual({
      kind: 'redirect',
      to: '/account/sign-in',
    });
  });

  it('waits while saved tokens are read instead of flashing the sign-in form', () => {
    for (const path of ['/account', '/account/sign-in', '/account/api-keys']) {
      expect(accountView(path, 'restoring')).toEqual({ kind: 'wait' });
    }
  });

  it('asks for sign-in in place on a private page, and shows it once signed in', () => {
    for (const page of ['profile', 'sessions', 'api-keys'] as const) {
      expect(accountView(`/account/${page}`, 'signed-out')).toEqual({
        kind: 'sign-in-required',
        page,
      });
      expect(accountView(`/account/${page}`, 'signed-in')).toEqual({ kind: 'private', page });
    }
  });

  it('sends a signed-in person away from the sign-in and sign-up screens', () => {
    expect(accountView('/account/sign-in', 'signed-out')).toEqual({
      kind: 'public',
      page: 'sign-in',
    });
    expect(accountView('/account/register', 'signed-out')).toEqual({
      kind: 'public',
      page: 'register',
    });
    expect(accountView('/account/register', 'signed-in')).toEqual({
      kind: 'redirect',
      to: '/account/profile',
    });
  });

  it('says not found for unknown account pages, whatever the state', () => {
    expect(accountView('/account/billing', 'signed-in')).toEqual({ kind: 'not-found' });
    expect(accountView('/account/billing', 'restoring')).toEqual({ kind: 'not-found' });
  });
});
