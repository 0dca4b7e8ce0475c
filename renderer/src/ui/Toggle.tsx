/**
 * An on/off button: role="checkbox" (one of several picks, e.g. which stems to transcribe) or
 * role="switch" (a setting that acts at once, e.g. mute). Space and Enter flip it, as buttons
 * do; aria-checked carries the state and a mark shows it. `plain` drops the chip frame, for a
 * checkbox inside a form or a table row.
 */
import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Choice.module.css';

export function Toggle({
  checked,
  onChange,
  children,
  disabled = false,
  role = 'checkbox',
  plain = false,
  testId,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The visible label (or none, with `label` naming it). */
  children?: ReactNode;
  disabled?: boolean;
  role?: 'checkbox' | 'switch';
  plain?: boolean;
  testId?: string;
  /** Accessible name when there is no visible label. */
  label?: string;
}) {
  return (
    <button
      type="button"
      role={role}
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      className={cx(styles.toggle, role === 'switch' && styles.switch, plain && styles.plain)}
      data-ui="toggle"
      data-testid={testId}
      onClick={() => onChange(!checked)}
    >
      <span className={styles.mark} aria-hidden="true" />
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}
