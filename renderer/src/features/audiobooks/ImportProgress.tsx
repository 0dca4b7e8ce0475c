/** The import's progress: its steps, the bar, and how it ended (the book's totals, or why not). */
import { cx } from '../../ui/cx.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { formatBytes } from '../../lib/format.ts';
import { approxRuntime, formatWords, importStageText, plural } from './audiobook-format.ts';
import { progressOf, type ImportPhase } from './import-progress.ts';
import type { Source } from './use-manuscript-import.ts';
import importStyles from './Import.module.css';
import { Alert } from '../../ui/Alert.tsx';

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
    <div className={importStyles.progress} aria-live="polite">
      <ol className={importStyles.steps} aria-label="Import steps">
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
        <div className={importStyles.progressBar}>
          <ProgressBar
            value={value}
            label="Import progress"
            valueText={step}
            indeterminate={indeterminate}
            tone={phase.kind === 'done' ? 'done' : 'active'}
            testId="import-progress"
          />
          <span className={importStyles.progressPercent} aria-hidden="true">
            {indeterminate ? '' : `${Math.round(value)}%`}
          </span>
        </div>
      )}
      {phase.kind !== 'failed' && (
        <p className={importStyles.progressStep} data-testid="import-step">
          {step}
        </p>
      )}
      {phase.kind === 'done' && (
        <Alert tone="ok" testId="import-done">
          <strong>
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
        </Alert>
      )}
      {phase.kind === 'failed' && (
        <Alert tone="error" testId="import-failed" title="The manuscript could not be imported.">
          <div data-testid="import-error-message">{phase.message}</div>
        </Alert>
      )}
    </div>
  );
}

function Step({ label, state }: { label: string; state: 'todo' | 'active' | 'done' | 'failed' }) {
  return (
    <li
      className={cx(
        importStyles.step,
        state === 'active' && importStyles.stepActive,
        state === 'done' && importStyles.stepDone,
        state === 'failed' && importStyles.stepFailed,
      )}
      aria-current={state === 'active' ? 'step' : undefined}
    >
      <span className={importStyles.stepMark} aria-hidden="true">
        {state === 'done' ? <Icon name="check" size={12} /> : state === 'failed' ? '!' : ''}
      </span>
      {label}
    </li>
  );
}
