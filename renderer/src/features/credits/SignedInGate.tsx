/**
 * Pages that belong to the signed-in person (their credits, their webhooks): while saved tokens
 * are read nothing flashes; signed out, the Account area's sign-in form shows in place and the
 * page itself follows the sign-in. OwnerBar says whose data the page shows.
 */
import type { ReactNode } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { useAuthState } from '../account/account-context.tsx';
import { AboutAccounts, AuthLayout } from '../account/AuthLayout.tsx';
import { SignInForm } from '../account/SignInForm.tsx';
import { hrefFor } from '../shell/router.ts';
import { Alert } from '../../ui/Alert.tsx';
import styles from './SignedInGate.module.css';

export function SignedInGate({
  noun,
  testId,
  children,
}: {
  /** "your credits": finishes "Sign in to see …". */
  noun: string;
  testId: string;
  children: ReactNode;
}) {
  const state = useAuthState();
  if (state.status === 'restoring') {
    return (
      <p className="muted" role="status" data-testid={`${testId}-loading`}>
        Loading your account…
      </p>
    );
  }
  if (state.status === 'signed-out') {
    return (
      <AuthLayout active="sign-in" aside={<AboutAccounts />}>
        {state.notice && (
          <Alert tone="info" testId="session-notice">
            {state.notice}
          </Alert>
        )}
        <SignInForm intro={`Sign in to see ${noun}.`} />
      </AuthLayout>
    );
  }
  return (
    <div className={styles.owned} data-testid={testId}>
      {children}
    </div>
  );
}

/** "Ada Narrator · ada@example.com | Account", with the page's main buttons on the right. */
export function OwnerBar({ actions }: { actions?: ReactNode }) {
  const state = useAuthState();
  if (state.status !== 'signed-in') return null;
  const name = state.user?.full_name ?? '';
  return (
    <div className={styles.bar}>
      <p className={styles.who} data-testid="owned-by">
        <Icon name="account" />
        <span>
          {name ? `${name} · ` : ''}
          <span className={styles.email}>{state.email}</span>
        </span>
        <a href={hrefFor('/account/profile')}>Account</a>
      </p>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
