/**
 * "Narrate chapter" in the open chapter's header: a batch of this chapter's lines that have no
 * audio yet, with its progress from the book's feed (this chapter's row) and the answer's
 * estimate or the inline rights prompt.
 */
import type { Chapter } from './audiobook-types.ts';
import { useStudioApi } from '../../data/contract-query.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { BOOK_ROUTE } from './book-queries.ts';
import { describeBatch } from './BatchStartedLine.tsx';
import { NarrationRunMessage } from './NarrationRunMessage.tsx';
import type { BatchStarted } from './narration-types.ts';
import { useNarrationRun } from './use-narration-run.ts';
import narrationStyles from './Narration.module.css';
import { Button } from '../../ui/Button.tsx';

export function ChapterNarrate({ chapter }: { chapter: Chapter }) {
  const api = useStudioApi();
  const { project, feed } = useBookNarration();
  const narrate = useNarrationRun<BatchStarted>();
  const row = feed.progress?.chapters.find((c) => c.chapter_id === chapter.id) ?? null;
  const running = row !== null && (row.status === 'queued' || row.status === 'narrating');

  function start(includeCompleted: boolean) {
    void narrate.run(() =>
      api.post(`${BOOK_ROUTE}/narration/batch`, {
        params: { project_id: project.id },
        json: { chapter_ids: [chapter.id], ...(includeCompleted && { include_completed: true }) },
      }),
    );
  }

  return (
    <div className={narrationStyles.chapterNarrate} data-testid="chapter-narrate">
      <div className={narrationStyles.chapterNarrateRow}>
        {row && row.total_paragraphs > 0 && (
          <span className="muted small" data-testid="chapter-progress">
            {row.completed} of {row.total_paragraphs} narrated
            {row.failed > 0 && ` · ${row.failed} failed`}
          </span>
        )}
        <Button
          size="sm"
          onClick={() => start(false)}
          disabled={narrate.state.kind === 'busy' || running || project.status === 'parsing'}
          testId="narrate-chapter"
          icon="mic"
        >
          {running ? 'Narrating…' : 'Narrate chapter'}
        </Button>
      </div>
      <NarrationRunMessage
        run={narrate}
        testId="narrate-chapter-result"
        describe={describeBatch}
        onIncludeCompleted={() => start(true)}
      />
    </div>
  );
}
