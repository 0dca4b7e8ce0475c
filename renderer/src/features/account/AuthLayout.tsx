/** The signed-out screens' frame: the form card with Sign in / Create account, and a side panel. */
import type { ReactNode } from 'react';
import { Heading } from '../../ui/Heading.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { TabLinks } from '../../ui/Tabs.tsx';
import { hrefFor } from '../shell/router.ts';
import { REGISTER_PATH, SIGN_IN_PATH } from './account-routes.ts';
import styles from './Account.module.css';

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
    <div className={styles.authLayout}>
      <div className={styles.authCard}>
        <TabLinks
          label="Account access"
          tabs={[
            {
              href: hrefFor(SIGN_IN_PATH),
              label: 'Sign in',
              current: active === 'sign-in',
              testId: 'tab-sign-in',
            },
            {
              href: hrefFor(REGISTER_PATH),
              label: 'Create account',
              current: active === 'register',
              testId: 'tab-register',
            },
          ]}
        />
        {children}
      </div>
      <aside className={styles.aside}>{aside}</aside>
    </div>
  );
}

const ABOUT: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'shield',
    title: 'Kept on this computer.',
    text: 'Accounts, sessions and keys live in the studio’s own database; nothing is sent anywhere.',
  },
  {
    icon: 'key',
    title: 'API keys for your scripts.',
    text: 'Give a script only the scopes it needs and revoke the key when you are done.',
  },
  {
    icon: 'monitor',
    title: 'See where you are signed in.',
    text: 'Sessions and devices are listed, and you can sign any of them out.',
  },
];

/** What an account is for on an offline studio, for the side panel. */
export function AboutAccounts() {
  return (
    <section className={styles.about} aria-labelledby="about-accounts">
      <Heading level={2} id="about-accounts">
        Accounts in this studio
      </Heading>
      <ul className={styles.aboutList}>
        {ABOUT.map((item) => (
          <li key={item.icon}>
            <span className={styles.aboutIcon}>
              <Icon name={item.icon} />
            </span>
            <div>
              <strong>{item.title}</strong> {item.text}
            </div>
          </li>
        ))}
      </ul>
      <p className={styles.asideNote}>
        Every tool, book and job works without signing in: the studio works as this computer’s
        owner. An account is for your own credits, API keys and webhooks.
      </p>
    </section>
  );
}
