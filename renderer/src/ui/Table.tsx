/**
 * A data table that scrolls sideways inside its own frame when the window is narrow, instead of
 * clipping columns or widening the page. The frame is a named, focusable region so keyboard
 * users can scroll it. `cell` holds the classes for numeric, action and muted cells.
 */
import type { ReactNode } from 'react';
import styles from './Table.module.css';

export const cell = {
  num: styles.num,
  actions: styles.actions,
  nowrap: styles.nowrap,
  muted: styles.muted,
} as const;

export function Table({
  label,
  children,
  testId,
  minWidth,
}: {
  /** Names the scrolling region and the table (e.g. "Cast"). */
  label: string;
  /** <thead> and <tbody>. */
  children: ReactNode;
  testId?: string;
  /** Below this width the table scrolls rather than squeezing its columns. */
  minWidth?: number;
}) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0} data-ui="table">
      <table className={styles.table} aria-label={label} data-testid={testId} style={{ minWidth }}>
        {children}
      </table>
    </div>
  );
}
