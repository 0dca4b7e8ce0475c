/**
 * A button that reads as part of the text: a transcript's word (click to hear it), a time code
 * (click to play from there). `current` marks the one being spoken.
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './InlineButton.module.css';

export function InlineButton({
  current = false,
  quiet = false,
  testId,
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'> & {
  current?: boolean;
  /** Muted and tabular: a time code beside the text. */
  quiet?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={cx(styles.inline, current && styles.current, quiet && styles.quiet)}
      aria-current={current || undefined}
      data-ui="inline-button"
      data-testid={testId}
      {...rest}
    >
      {children}
    </button>
  );
}
