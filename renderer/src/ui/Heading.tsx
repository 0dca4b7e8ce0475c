/**
 * Headings on the one type scale: level 1 is the page title (24 px), 2 a section or card
 * (16 px), 3 a sub-section (14 px). The level is both the element and the size, so a page can
 * not pick a size that skips the outline. `Section` is a titled block without a card's frame.
 */
import { useId, type ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Heading.module.css';

const LEVEL = { 1: styles.h1, 2: styles.h2, 3: styles.h3 } as const;

export function Heading({
  level,
  id,
  children,
  className,
  testId,
}: {
  level: 1 | 2 | 3;
  id?: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={cx(LEVEL[level], className)} data-testid={testId}>
      {children}
    </Tag>
  );
}

/** The small upper-case label above a page title or a group of items. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className={styles.eyebrow}>{children}</p>;
}

export function Section({
  title,
  level = 2,
  aside,
  children,
  testId,
}: {
  title: ReactNode;
  level?: 2 | 3;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <div className={styles.sectionHeader}>
        <Heading level={level} id={id}>
          {title}
        </Heading>
        {aside}
      </div>
      {children}
    </section>
  );
}
