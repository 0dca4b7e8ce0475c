import { clampPercent } from '../lib/format.ts';

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
      className={`progress progress--${tone}${indeterminate ? ' progress--indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : percent}
      aria-valuetext={indeterminate ? valueText : `${percent}%${valueText ? `, ${valueText}` : ''}`}
      data-testid={testId}
    >
      <div
        className="progress__fill"
        style={{ width: indeterminate ? undefined : `${percent}%` }}
      />
    </div>
  );
}
