/**
 * A labelled slider (a styled range input: keyboard, screen readers and touch come from the
 * browser) with its value written beside it in words the person reads ("0.60", "−6.0 dB").
 */
import type { ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './Field.tsx';
import styles from './Slider.module.css';

export function Slider({
  label,
  value,
  onChange,
  min,
  max,
  step,
  format = (v) => String(v),
  hint,
  disabled,
  testId,
  hideLabel,
}: {
  label: ReactNode;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  /** The value as shown beside the slider and read out (aria-valuetext). */
  format?: (value: number) => string;
  hint?: ReactNode;
  disabled?: boolean;
  /** On the range input. */
  testId?: string;
  hideLabel?: boolean;
}) {
  const { id, describedBy } = useFieldIds(hint, null);
  const text = format(value);
  return (
    <FieldFrame id={id} ui="slider" label={label} hint={hint} hideLabel={hideLabel}>
      <div className={styles.row}>
        <input
          id={id}
          type="range"
          className={styles.range}
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-valuetext={text}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <span className={styles.value} aria-hidden="true">
          {text}
        </span>
      </div>
    </FieldFrame>
  );
}
