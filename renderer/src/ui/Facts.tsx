/** Label/value rows (a definition list), e.g. a job's figures or the engine's versions. */
import type { ReactNode } from 'react';
import styles from './Facts.module.css';

export type Fact = [label: string, value: ReactNode, testId?: string];

export function Facts({ items, testId }: { items: Fact[]; testId?: string }) {
  return (
    <dl className={styles.facts} data-testid={testId}>
      {items.map(([label, value, id]) => (
        <div className={styles.row} key={label}>
          <dt>{label}</dt>
          <dd data-testid={id}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
