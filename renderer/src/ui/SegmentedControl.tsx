/**
 * A one-of-a-few choice shown as joined buttons: a radiogroup of role="radio" buttons with a
 * roving tab stop (Tab enters at the chosen option, the arrow keys move and choose, Home/End
 * jump), so it reads and works like radio buttons while looking like the studio's segmented bar.
 * An option that cannot be chosen (its model is not installed) stays visible but disabled and is
 * skipped by the arrow keys.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './Choice.module.css';

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
  /** A second, smaller line under the label. */
  detail?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

const NEXT_KEYS: Record<string, 1 | -1> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

export function SegmentedControl<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
  stacked = false,
}: {
  /** Names the group for screen readers (the visible heading usually says the same). */
  label: string;
  options: SegmentedOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  testId?: string;
  /** Options one under another (for long details) instead of side by side. */
  stacked?: boolean;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = options.map((o, i) => (o.disabled ? -1 : i)).filter((i) => i >= 0);
  const chosen = options.findIndex((o) => o.value === value && !o.disabled);
  const tabStop = chosen >= 0 ? chosen : (enabled[0] ?? -1);

  function choose(index: number) {
    const option = options[index];
    if (!option || option.disabled) return;
    onChange(option.value);
    buttons.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (enabled.length === 0) return;
    const step = NEXT_KEYS[event.key];
    let target: number | undefined;
    if (step !== undefined) {
      const at = enabled.indexOf(index);
      target = enabled[(at + step + enabled.length) % enabled.length];
    } else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (target === undefined) return;
    event.preventDefault();
    choose(target);
  }

  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cx(styles.segmented, stacked && styles.stacked)}
      data-ui="segmented"
      data-testid={testId}
    >
      {options.map((option, index) => (
        <button
          key={option.value}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          role="radio"
          className={styles.item}
          aria-checked={index === chosen}
          tabIndex={index === tabStop ? 0 : -1}
          disabled={option.disabled}
          data-value={option.value}
          data-testid={option.testId}
          onClick={() => choose(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          <span>{option.label}</span>
          {option.detail && <span className={styles.detail}>{option.detail}</span>}
        </button>
      ))}
    </div>
  );
}
