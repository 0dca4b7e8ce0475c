/**
 * A titled panel: the heading (on the type scale), an optional one-line description and actions
 * on the right, then a padded body. The section is named by its heading, so screen readers list
 * each card as a region.
 */
import { Children, useId, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { Heading } from './Heading.tsx';
import styles from './Card.module.css';

interface CardProps {
  title: ReactNode;
  /** h2 for a card on a page, h3 for one inside another section. */
  level?: 2 | 3;
  description?: ReactNode;
  /** Right side of the header: a badge or small actions. */
  aside?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'error';
  children?: ReactNode;
  testId?: string;
  className?: string;
}

export function Card({
  title,
  level = 2,
  description,
  aside,
  footer,
  tone = 'default',
  children,
  testId,
  className,
}: CardProps) {
  const id = useId();
  return (
    <section
      className={cx(styles.card, tone === 'error' && styles.error, className)}
      aria-labelledby={id}
      data-testid={testId}
    >
      <header className={styles.header}>
        <div className={styles.heading}>
          <Heading level={level} id={id}>
            {title}
          </Heading>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {aside && <div className={styles.aside}>{aside}</div>}
      </header>
      {Children.toArray(children).length > 0 && <div className={styles.body}>{children}</div>}
      {footer && <footer className={styles.footer}>{footer}</footer>}
    </section>
  );
}
