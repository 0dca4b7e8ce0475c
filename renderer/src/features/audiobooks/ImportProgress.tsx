/** The import's progress: its steps, the bar, and how it ended (the book's totals, or why not). */
import { Icon } from '../../ui/Icon.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatBytes } from '../../lib/format.ts';
import { approxRuntime, formatWords, importStageText, plural } from './audiobook-format.ts';
import { progressOf, type ImportPhase } from './import-progress.ts';
import type { Source } from './use-manuscript-import.ts';

export function ImportProgress({ phase, source }: { phase: ImportPhase; source: Source }) {
  const { value, indeterminate } = progressOf(phase);
  const step =
    phase.kind === 'uploading'
      ? `Uploading ${phase.filename} (${formatBytes(phase.bytes)})…`
      : phase.kind === 'reading'
        ? 'Reading the text and finding chapters…'
        : phase.kind === 'parsing'
          ? importStageText(phase.stage)
          : phase.kind === 'done'
            ? 'Ready for narration'
            : 'Import failed';
  return (
    <div className="ab-progress" aria-live="polite">
      <ol className="ab-steps" aria-label="Import steps">
        <Step
          label={source === 'file' ? 'Upload' : 'Text'}
          state={phase.kind === 'uploading' ? 'active' : 'done'}
        />
        <Step
          label="Chapters"
          state={
            phase.kind === 'done'
              ? 'done'
              : phase.kind === 'failed'
                ? 'failed'
                : phase.kind === 'uploading'
                  ? 'todo'
                  : 'active'
          }
        />
        <Step label="Ready" state={phase.kind === 'done' ? 'done' : 'todo'} />
      </ol>
      {phase.kind !== 'failed' && (
        <div className="ab-progress__bar">
          <ProgressBar
            value={value}
            label="Import progress"
            valueText={step}
            indeterminate={indeterminate}
            tone={phase.kind === 'done' ? 'done' : 'active'}
            testId="import-progress"
          />
          <span className="ab-progress__percent" aria-hidden="true">
            {indeterminate ? '' : `${Math.round(value)}%`}
          </span>
        </div>
      )}
      {phase.kind !== 'failed' && (
        <p className="ab-progress__step" data-testid="import-step">
          {step}
        </p>
      )}
      {phase.kind === 'done' && (
        <div className="alert alert--ok" data-testid="import-done">
          <Icon name="check" />
          <div>
            <strong className="text">
              {plural(phase.summary.chapters, 'chapter')} · {formatWords(phase.summary.words)} ·{' '}
              {approxRuntime(phase.summary.minutes)}
            </strong>
            {phase.summary.added !== null && phase.summary.added !== phase.summary.chapters && (
              <div>{plural(phase.summary.added, 'chapter')} added by this import.</div>
            )}
            {phase.summary.warnings.map((warning) => (
              <div key={warning} className="muted">
                {warning}
              </div>
            ))}
          </div>
        </div>
      )}
      {phase.kind === 'failed' && (
        <div className="alert alert--error" role="alert" data-testid="import-failed">
          <Icon name="alert" />
          <div>
            <strong>The manuscript could not be imported.</strong>
            <div data-testid="import-error-message">{phase.message}</div>
          </div>
        </div>
      )}
    </div>
  );
}

function Step({ label, state }: { label: string; state: 'todo' | 'active' | 'done' | 'failed' }) {
  return (
    <li
      className={`ab-step ab-step--${state}`}
      aria-current={state === 'active' ? 'step' : undefined}
    >
      <span className="ab-step__mark" aria-hidden="true">
        {state === 'done' ? <Icon name="check" size={12} /> : state === 'failed' ? '!' : ''}
      </span>
      {label}
    </li>
  );
}
