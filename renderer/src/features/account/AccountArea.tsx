/**
 * The Account area (`#/account/...`): the sign-in and sign-up screens while signed out, and the
 * profile, sessions & devices and API keys pages once signed in. Which one shows is decided by
 * account-routes.ts from the path and the sign-in state; a private page opened while signed out
 * asks for sign-in in place and then shows itself.
 */
import { useEffect } from 'react';
import { errorText } from '../../api/errors.ts';
import { Icon } from '../../ui/Icon.tsx';
import { hrefFor } from '../shell/router.ts';
import { useAccount, useAuthState } from './account-context.tsx';
import { ACCOUNT_TABS, HOME_PATH, accountView, type PrivatePage } from './account-routes.ts';
import { ApiKeysPage } from './ApiKeysPage.tsx';
import { AboutAccounts, AuthLayout } from './AuthLayout.tsx';
import type { AuthState } from './auth-session.ts';
import { ProfilePage } from './ProfilePage.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { SessionsPage } from './SessionsPage.tsx';
import { SignInForm } from './SignInForm.tsx';

export function AccountArea({ path }: { path: string }) {
  const state = useAuthState();
  const view = accountView(path, state.status);
  const redirectTo = view.kind === 'redirect' ? view.to : null;

  useEffect(() => {
    // replace(): the bare /account (or sign-in, once signed in) should not stay in history.
    if (redirectTo) window.location.replace(hrefFor(redirectTo));
  }, [redirectTo]);

  switch (view.kind) {
    case 'wait':
    case 'redirect':
      return (
        <p className="muted" role="status" data-testid="account-loading">
          Loading your account…
        </p>
      );
    case 'not-found':
      return (
        <p>
          There is no account page at “{path}”. <a href={hrefFor(HOME_PATH)}>Go to your profile</a>
        </p>
      );
    case 'public':
      return view.page === 'register' ? (
        <RegisterForm />
      ) : (
        <AuthLayout active="sign-in" aside={<AboutAccounts />}>
          <SessionNotice state={state} />
          <SignInForm />
        </AuthLayout>
      );
    case 'sign-in-required':
      return (
        <AuthLayout active="sign-in" aside={<AboutAccounts />}>
          <SessionNotice state={state} />
          <SignInForm intro={`Sign in to see ${PAGE_NOUNS[view.page]}.`} />
        </AuthLayout>
      );
    case 'private':
      return <SignedIn page={view.page} />;
  }
}

const PAGE_NOUNS: Record<PrivatePage, string> = {
  profile: 'your profile',
  sessions: 'your sessions and devices',
  'api-keys': 'your API keys',
};

function SessionNotice({ state }: { state: AuthState }) {
  if (state.status !== 'signed-out' || !state.notice) return null;
  return (
    <div className="alert alert--info" role="status" data-testid="session-notice">
      <Icon name="clock" />
      <div>{state.notice}</div>
    </div>
  );
}

function SignedIn({ page }: { page: PrivatePage }) {
  return (
    <div className="account stack" data-testid="account-signed-in">
      <div className="account-bar">
        <nav className="tabs" aria-label="Account pages">
          {ACCOUNT_TABS.map((tab) => (
            <a
              key={tab.page}
              className="tabs__item"
              href={hrefFor(tab.path)}
              aria-current={tab.page === page ? 'page' : undefined}
              data-testid={`account-tab-${tab.page}`}
            >
              {tab.label}
            </a>
          ))}
        </nav>
        <WhoAmI />
      </div>
      {page === 'profile' && <ProfilePage />}
      {page === 'sessions' && <SessionsPage />}
      {page === 'api-keys' && <ApiKeysPage />}
    </div>
  );
}

/** "Signed in as …" with the sign-out button; loads the user once after a page reload. */
function WhoAmI() {
  const { client, session } = useAccount();
  const state = useAuthState();
  const user = state.status === 'signed-in' ? state.user : null;
  const email = state.status === 'signed-in' ? state.email : '';

  useEffect(() => {
    if (user) return;
    const controller = new AbortController();
    client
      .me(controller.signal)
      .then((me) => session.setUser(me))
      .catch((error: unknown) => {
        // An ended session signs out by itself (AccountClient → AuthSession.rejected).
        if (!controller.signal.aborted)
          console.warn(`Could not load the account: ${errorText(error)}`);
      });
    return () => controller.abort();
  }, [client, session, user]);

  const name = user?.full_name ?? '';
  return (
    <div className="who" data-testid="who-am-i">
      <span className="who__avatar" aria-hidden="true">
        {initials(name || email)}
      </span>
      <div className="who__text">
        <span className="who__name">{name || 'Signed in'}</span>
        <span className="who__email" data-testid="signed-in-email">
          {email}
        </span>
      </div>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void session.signOut()}
        data-testid="sign-out"
      >
        <Icon name="logout" />
        Sign out
      </button>
    </div>
  );
}

function initials(text: string): string {
  const words = text.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
}
