/**
 * Messages in a page: an Alert (error, warning, information, success) with an optional title and
 * action, and an EmptyState for a list with nothing in it yet. Errors are announced at once
 * (role="alert"); the others politely (role="status").
 */
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { Icon, type IconName } from './Icon.tsx';
import styles from './Alert.module.css';

export type AlertTone = 'error' | 'warn' | 'info' | 'ok';

const ICON: Record<AlertTone, IconName> = {
  error: 'alert',
  warn: 'alert',
  info: 'info',
  ok: 'check',
};

export function Alert({
  tone,
  title,
  action,
  icon,
  children,
  testId,
}: {
  tone: AlertTone;
  title?: ReactNode;
  /** A button or link on the right ("Install", "Try again"). */
  action?: ReactNode;
  icon?: IconName;
  children?: ReactNode;
  testId?: string | undefined;
}) {
  return (
    <div
      className={cx(styles.alert, styles[tone])}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <Icon name={icon ?? ICON[tone]} />
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

export function EmptyState({
  icon = 'info',
  title,
  children,
  action,
  testId,
}: {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.empty} data-testid={testId}>
      <Icon name={icon} size={20} />
      <p className={styles.title}>{title}</p>
      {children}
      {action}
    </div>
  );
}
