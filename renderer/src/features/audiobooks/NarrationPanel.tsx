/**
 * The book's narration bar on the project page: the narrator voice, "Narrate book", the live
 * progress (percent, counts, ETA from GET .../narration/progress) with Cancel, and the answer
 * of the last request (the estimate, the inline rights prompt, or the engine's refusal).
 */
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { useBookNarration } from './book-narration-context.tsx';
import { describeBatch } from './BatchStartedLine.tsx';
import { AbIcon } from './icons.tsx';
import { NarrationRunMessage } from './NarrationRunMessage.tsx';
import { NarratorVoicePicker } from './NarratorVoicePicker.tsx';
import { narrationStatusLabel, progressSummary } from './narration-format.ts';
import type { BatchStarted, CancelResult } from './narration-types.ts';
import { useNarrationRun } from './use-narration-run.ts';

export function NarrationPanel() {
  const { client, project, feed } = useBookNarration();
  const book = useNarrationRun<BatchStarted>();
  // After a cancel the started run's estimate no longer describes anything: drop it.
  const stop = useNarrationRun<CancelResult>(book.dismiss);
  const progress = feed.progress;
  const running = progress !== null && progress.status !== 'idle';
  const parsing = project.status === 'parsing';

  return (
    <section
      className="ab-narration"
      aria-label="Narration"
      data-testid="narration-panel"
      data-status={progress?.status ?? 'unknown'}
    >
      <div className="ab-narration__row">
        <NarratorVoicePicker disabled={running || parsing} />
        <div className="ab-narration__actions">
          {running ? (
            <button
              type="button"
              className="button button--danger-ghost"
              onClick={() => void stop.run(() => client.cancel(project.id))}
              disabled={stop.state.kind === 'busy'}
              data-testid="narration-cancel"
            >
              {stop.state.kind === 'busy' ? 'Cancelling…' : 'Cancel narration'}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void book.run(() => client.batch(project.id, {}))}
              disabled={book.state.kind === 'busy' || parsing}
              data-testid="narrate-book"
              title="Narrate every paragraph that has no audio yet (skipped chapters and lines are left out)"
            >
              <AbIcon name="mic" />
              {book.state.kind === 'busy' ? 'Starting…' : 'Narrate book'}
            </button>
          )}
        </div>
      </div>

      {progress && progress.total_paragraphs > 0 && (
        <div className="ab-narration__progress" data-testid="narration-progress">
          <div className="ab-narration__progress-head">
            <strong data-testid="narration-status">{narrationStatusLabel(progress)}</strong>
            <span className="muted" data-testid="narration-counts">
              {progressSummary(progress)}
            </span>
            <span className="ab-narration__percent" data-testid="narration-percent">
              {Math.round(progress.percent)}%
            </span>
          </div>
          <ProgressBar
            value={progress.percent}
            label="Book narration progress"
            valueText={progressSummary(progress)}
            tone={running ? 'active' : progress.failed > 0 ? 'failed' : 'done'}
            indeterminate={progress.status === 'queued' && progress.completed === 0}
            testId="narration-bar"
          />
        </div>
      )}
      {feed.error && <p className="ab-error-text">{feed.error}</p>}

      <NarrationRunMessage
        run={book}
        testId="narrate-book-result"
        describe={describeBatch}
        onIncludeCompleted={() =>
          void book.run(() => client.batch(project.id, { include_completed: true }))
        }
      />
      {stop.state.kind === 'done' && (
        <p className="muted small" role="status" data-testid="narration-cancelled">
          Cancelled. Finished paragraphs keep their audio; {stop.state.result.paragraphs_released}{' '}
          waiting{' '}
          {stop.state.result.paragraphs_released === 1 ? 'paragraph was' : 'paragraphs were'}{' '}
          released and their credits returned.
        </p>
      )}
      {stop.state.kind === 'error' && (
        <p className="ab-error-text" role="alert">
          Could not cancel: {stop.state.message}
        </p>
      )}
    </section>
  );
}
