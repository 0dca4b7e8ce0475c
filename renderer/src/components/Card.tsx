import type { ReactNode } from 'react';

interface CardProps {
  title: string;
  /** Right side of the card header: a badge or a small action. */
  aside?: ReactNode;
  tone?: 'default' | 'error';
  children: ReactNode;
  testId?: string;
}

/** A titled panel; `section` + `aria-labelledby` makes each card a named landmark-ish region. */
export function Card({ title, aside, tone = 'default', children, testId }: CardProps) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className={`card card--${tone}`} aria-labelledby={id} data-testid={testId}>
      <header className="card__header">
        <h2 id={id} className="card__title">
          {title}
        </h2>
        {aside}
      </header>
      <div className="card__body">{children}</div>
    </section>
  );
}

/** Label/value rows inside a card. */
export function Facts({ items }: { items: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <dl className="facts">
      {items.map(([label, value, testId]) => (
        <div className="facts__row" key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
