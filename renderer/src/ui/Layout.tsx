/**
 * Layout primitives so pages need no CSS of their own for spacing: a column (`Stack`), a wrapping
 * row (`Cluster`), a responsive `Grid` of cards, a `Toolbar` (actions left and right, wrapping
 * when narrow) and `PageBody`, the column every page's content sits in.
 */
import type { CSSProperties, ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Layout.module.css';

type Gap = 1 | 2 | 3 | 4 | 5 | 6;
const gap = (g: Gap) => `var(--space-${g})`;

export function Stack({
  gap: g = 4,
  children,
  testId,
  align,
}: {
  gap?: Gap;
  children: ReactNode;
  testId?: string;
  align?: CSSProperties['alignItems'];
}) {
  return (
    <div className={styles.stack} style={{ gap: gap(g), alignItems: align }} data-testid={testId}>
      {children}
    </div>
  );
}

export function Cluster({
  gap: g = 2,
  children,
  testId,
  justify,
}: {
  gap?: Gap;
  children: ReactNode;
  testId?: string;
  justify?: CSSProperties['justifyContent'];
}) {
  return (
    <div
      className={styles.cluster}
      style={{ gap: gap(g), justifyContent: justify }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** Cards side by side, as many columns of at least `min` pixels as fit. */
export function Grid({
  min = 320,
  children,
  testId,
}: {
  min?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))` }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

export function Toolbar({
  label,
  start,
  end,
  testId,
}: {
  /** Names the group of controls for screen readers. */
  label: string;
  start?: ReactNode;
  end?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.toolbar} role="group" aria-label={label} data-testid={testId}>
      <div className={styles.toolbarGroup}>{start}</div>
      {end && <div className={styles.toolbarGroup}>{end}</div>}
    </div>
  );
}

/** The column a page's content sits in (`wide` for editors that use the whole width). */
export function PageBody({
  children,
  wide = false,
  testId,
}: {
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={cx(styles.page, wide && styles.wide)} data-testid={testId}>
      {children}
    </div>
  );
}
