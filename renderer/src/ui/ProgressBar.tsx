import { clampPercent } from '../lib/format.ts';
import { cx } from './cx.ts';
import styles from './ProgressBar.module.css';

interface ProgressBarProps {
  /** 0–100. */
  value: number;
  /** Accessible name, e.g. "Audio analysis #12 progress". */
  label: string;
  /** Spoken and shown next to the percentage, e.g. "measuring, about 20 s left". */
  valueText?: string;
  tone?: 'active' | 'done' | 'failed' | 'muted';
  /** Queued: no meaningful value yet, so the bar is indeterminate (no aria-valuenow). */
  indeterminate?: boolean;
  testId?: string;
}

const TONE = { active: undefined, done: styles.done, failed: styles.failed, muted: styles.muted };

export function ProgressBar({
  value,
  label,
  valueText,
  tone = 'active',
  indeterminate = false,
  testId,
}: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <div
      className={cx(styles.progress, TONE[tone], indeterminate && styles.indeterminate)}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : percent}
      aria-valuetext={indeterminate ? valueText : `${percent}%${valueText ? `, ${valueText}` : ''}`}
      data-testid={testId}
    >
      <div className={styles.fill} style={{ width: indeterminate ? undefined : `${percent}%` }} />
    </div>
  );
}
