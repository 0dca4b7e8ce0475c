/**
 * The book's narration bar on the project page: the narrator voice, "Narrate book", the live
 * progress (percent, counts, ETA from GET .../narration/progress) with Cancel, and the answer
 * of the last request (the estimate, the inline rights prompt, or the engine's refusal).
 */
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { useStudioApi } from '../../data/contract-query.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE } from './book-queries.ts';
import { describeBatch } from './BatchStartedLine.tsx';
import { NarrationRunMessage } from './NarrationRunMessage.tsx';
import { NarratorVoicePicker } from './NarratorVoicePicker.tsx';
import { narrationStatusLabel, progressSummary, staleSummary } from './narration-format.ts';
import type { BatchStarted, CancelResult } from './narration-types.ts';
import { useNarrationRun } from './use-narration-run.ts';
import bookFrameStyles from './BookFrame.module.css';
import narrationStyles from './Narration.module.css';
import { Button } from '../../ui/Button.tsx';

export function NarrationPanel() {
  const api = useStudioApi();
  const { project, feed } = useBookNarration();
  const params = { project_id: project.id };
  const book = useNarrationRun<BatchStarted>();
  // After a cancel the started run's estimate no longer describes anything: drop it.
  const stop = useNarrationRun<CancelResult>(book.dismiss);
  const progress = feed.progress;
  const running = progress !== null && progress.status !== 'idle';
  const parsing = project.status === 'parsing';
  const stale = progress === null ? null : staleSummary(progress.stale_paragraphs);

  return (
    <section
      className={narrationStyles.narration}
      aria-label="Narration"
      data-testid="narration-panel"
      data-status={progress?.status ?? 'unknown'}
    >
      <div className={narrationStyles.narrationRow}>
        <NarratorVoicePicker disabled={running || parsing} />
        <div className={narrationStyles.narrationActions}>
          {running ? (
            <Button
              variant="danger-ghost"
              onClick={() =>
                void stop.run(() => api.post(`${BOOK_ROUTE}/narration/cancel`, { params }))
              }
              disabled={stop.state.kind === 'busy'}
              testId="narration-cancel"
            >
              {stop.state.kind === 'busy' ? 'Cancelling…' : 'Cancel narration'}
            </Button>
          ) : (
            <Button
              variant="primary"
              onClick={() =>
                void book.run(() => api.post(`${BOOK_ROUTE}/narration/batch`, { params, json: {} }))
              }
              disabled={book.state.kind === 'busy' || parsing}
              testId="narrate-book"
              title="Narrate every paragraph that has no audio yet (skipped chapters and lines are left out)"
              icon="mic"
              busy={book.state.kind === 'busy'}
            >
              Narrate book
            </Button>
          )}
        </div>
      </div>

      {progress && progress.total_paragraphs > 0 && (
        <div className={narrationStyles.narrationProgress} data-testid="narration-progress">
          <div className={narrationStyles.narrationProgressHead}>
            <strong data-testid="narration-status">{narrationStatusLabel(progress)}</strong>
            <span className="muted" data-testid="narration-counts">
              {progressSummary(progress)}
            </span>
            <span className={narrationStyles.narrationPercent} data-testid="narration-percent">
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
      {stale !== null && !running && (
        <div className={narrationStyles.narrationRow} role="status" data-testid="narration-stale">
          <span>{stale}</span>
          <Button
            variant="secondary"
            onClick={() =>
              void book.run(() =>
                api.post(`${BOOK_ROUTE}/narration/batch`, { params, json: { only_stale: true } }),
              )
            }
            disabled={book.state.kind === 'busy' || parsing}
            testId="narrate-stale"
            title="Narrate again only the lines whose text, speaker, voice or direction changed"
          >
            Re-narrate changed lines
          </Button>
        </div>
      )}
      {feed.error && <p className={bookFrameStyles.errorText}>{feed.error}</p>}

      <NarrationRunMessage
        run={book}
        testId="narrate-book-result"
        describe={describeBatch}
        onIncludeCompleted={() =>
          void book.run(() =>
            api.post(`${BOOK_ROUTE}/narration/batch`, {
              params,
              json: { include_completed: true },
            }),
          )
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
        <p className={bookFrameStyles.errorText} role="alert">
          Could not cancel: {stop.state.message}
        </p>
      )}
    </section>
  );
}
