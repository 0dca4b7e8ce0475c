/**
 * "Narrate chapter" in the open chapter's header: a batch of this chapter's lines that have no
 * audio yet, with its progress from the book's feed (this chapter's row) and the answer's
 * estimate or the inline rights prompt.
 */
import type { Chapter } from './audiobook-types.ts';
import { useBookNarration } from './book-narration-context.tsx';
import { describeBatch } from './BatchStartedLine.tsx';
import { AbIcon } from './icons.tsx';
import { NarrationRunMessage } from './NarrationRunMessage.tsx';
import type { BatchStarted } from './narration-types.ts';
import { useNarrationRun } from './use-narration-run.ts';

export function ChapterNarrate({ chapter }: { chapter: Chapter }) {
  const { client, project, feed } = useBookNarration();
  const narrate = useNarrationRun<BatchStarted>();
  const row = feed.progress?.chapters.find((c) => c.chapter_id === chapter.id) ?? null;
  const running = row !== null && (row.status === 'queued' || row.status === 'narrating');

  function start(includeCompleted: boolean) {
    void narrate.run(() =>
      client.batch(project.id, {
        chapter_ids: [chapter.id],
        ...(includeCompleted && { include_completed: true }),
      }),
    );
  }

  return (
    <div className="ab-chapter-narrate" data-testid="chapter-narrate">
      <div className="ab-chapter-narrate__row">
        {row && row.total_paragraphs > 0 && (
          <span className="muted small" data-testid="chapter-progress">
            {row.completed} of {row.total_paragraphs} narrated
            {row.failed > 0 && ` · ${row.failed} failed`}
          </span>
        )}
        <button
          type="button"
          className="button button--small"
          onClick={() => start(false)}
          disabled={narrate.state.kind === 'busy' || running || project.status === 'parsing'}
          data-testid="narrate-chapter"
        >
          <AbIcon name="mic" />
          {running ? 'Narrating…' : 'Narrate chapter'}
        </button>
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
