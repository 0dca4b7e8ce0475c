/**
 * The Account area (`#/account/...`): the sign-in and sign-up screens while signed out, and the
 * profile, sessions & devices and API keys pages once signed in. Which one shows is decided by
 * account-routes.ts from the path and the sign-in state; a private page opened while signed out
 * asks for sign-in in place and then shows itself.
 */
import { useEffect } from 'react';
import { useContractQuery } from '../../data/contract-query.ts';
import { Stack } from '../../ui/Layout.tsx';
import { TabLinks } from '../../ui/Tabs.tsx';
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
import { Button } from '../../ui/Button.tsx';
import { Alert } from '../../ui/Alert.tsx';
import styles from './Account.module.css';

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
    <Alert tone="info" testId="session-notice">
      {state.notice}
    </Alert>
  );
}

function SignedIn({ page }: { page: PrivatePage }) {
  return (
    <Stack gap={5} testId="account-signed-in">
      <div className={styles.bar}>
        <TabLinks
          label="Account pages"
          tabs={ACCOUNT_TABS.map((tab) => ({
            href: hrefFor(tab.path),
            label: tab.label,
            current: tab.page === page,
            testId: `account-tab-${tab.page}`,
          }))}
        />
        <WhoAmI />
      </div>
      {page === 'profile' && <ProfilePage />}
      {page === 'sessions' && <SessionsPage />}
      {page === 'api-keys' && <ApiKeysPage />}
    </Stack>
  );
}

/** "Signed in as …" with the sign-out button; loads the user once after a page reload. */
function WhoAmI() {
  const { session } = useAccount();
  const state = useAuthState();
  const user = state.status === 'signed-in' ? state.user : null;
  const email = state.status === 'signed-in' ? state.email : '';
  // An ended session signs out by itself (the user transport → AuthSession.rejected).
  const me = useContractQuery('/auth/me', {}, { as: 'user', enabled: !user }).data;
  useEffect(() => {
    if (me && !user) session.setUser(me);
  }, [me, user, session]);

  const name = user?.full_name ?? '';
  return (
    <div className={styles.who} data-testid="who-am-i">
      <span className={styles.avatar} aria-hidden="true">
        {initials(name || email)}
      </span>
      <div className={styles.whoText}>
        <span>{name || 'Signed in'}</span>
        <span className={styles.whoEmail} data-testid="signed-in-email">
          {email}
        </span>
      </div>
      <Button
        variant="ghost"
        size="sm"
        icon="logout"
        onClick={() => void session.signOut()}
        testId="sign-out"
      >
        Sign out
      </Button>
    </div>
  );
}

function initials(text: string): string {
  const words = text.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase();
}
