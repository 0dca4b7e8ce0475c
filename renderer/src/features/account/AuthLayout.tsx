/** The signed-out screens' frame: the form card with Sign in / Create account, and a side panel. */
import type { ReactNode } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { hrefFor } from '../shell/router.ts';
import { REGISTER_PATH, SIGN_IN_PATH } from './account-routes.ts';

export function AuthLayout({
  active,
  aside,
  children,
}: {
  active: 'sign-in' | 'register';
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-layout">
      <div className="auth-card">
        <nav className="auth-switch" aria-label="Account access">
          <a
            className="auth-switch__item"
            href={hrefFor(SIGN_IN_PATH)}
            aria-current={active === 'sign-in' ? 'page' : undefined}
            data-testid="tab-sign-in"
          >
            Sign in
          </a>
          <a
            className="auth-switch__item"
            href={hrefFor(REGISTER_PATH)}
            aria-current={active === 'register' ? 'page' : undefined}
            data-testid="tab-register"
          >
            Create account
          </a>
        </nav>
        {children}
      </div>
      <aside className="auth-aside">{aside}</aside>
    </div>
  );
}

/** What an account is for on an offline studio, for the side panel. */
export function AboutAccounts() {
  return (
    <section className="about" aria-labelledby="about-accounts">
      <h2 id="about-accounts" className="about__title">
        Accounts on this engine
      </h2>
      <ul className="about__list">
        <li>
          <Icon name="shield" />
          <div>
            <strong>Kept on this machine.</strong> Accounts, sessions and keys live in the local
            engine’s database; nothing is sent anywhere.
          </div>
        </li>
        <li>
          <Icon name="key" />
          <div>
            <strong>API keys for your scripts.</strong> Give a script only the scopes it needs and
            revoke the key when you are done.
          </div>
        </li>
        <li>
          <Icon name="monitor" />
          <div>
            <strong>See where you are signed in.</strong> Sessions and devices are listed, and you
            can sign any of them out.
          </div>
        </li>
      </ul>
      <p className="about__note">
        Jobs, analysis and the engine pages work without signing in: the studio uses this machine’s
        owner credential for them.
      </p>
    </section>
  );
}
