/**
 * The manuscript: chapters on the left (words, paragraphs, skip toggle; front and back matter
 * marked and skipped), the open chapter's paragraphs on the right. Long chapters open in pages
 * (the paragraph listing's opt-in pagination); short ones are shown whole. A skip link leads
 * straight to the paragraphs.
 */
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { Heading } from '../../ui/Heading.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { hrefFor } from '../shell/router.ts';
import { useSkipTarget } from '../shell/skip-targets.tsx';
import { approxRuntime, chapterKindLabel, formatCount, plural } from './audiobook-format.ts';
import { chapterPath, defaultChapterId } from './audiobook-routes.ts';
import type { Chapter, Project } from './audiobook-types.ts';
import { Pager } from './bits.tsx';
import { BOOK_ROUTE, bookFamily, useCast } from './book-queries.ts';
import { ChapterNarrate } from './ChapterNarrate.tsx';
import { ChapterPlayer } from './ChapterPlayer.tsx';
import { PARAGRAPHS_PER_PAGE, paragraphPaging } from './pagination.ts';
import { ParagraphItem } from './ParagraphItem.tsx';
import { speakerKey } from './speaker-colour.ts';
import bookFrameStyles from './BookFrame.module.css';
import styles from './Manuscript.module.css';
import { bookNumbers, chapterListNote } from './book-numbers.ts';

/** The paragraphs' element: the skip link's target. */
export const MANUSCRIPT_TEXT_ID = 'manuscript-text';

export function ManuscriptView({
  project,
  chapters,
  chapterId,
}: {
  project: Project;
  chapters: Chapter[];
  chapterId: string | null;
}) {
  const selectedId =
    chapterId && chapters.some((chapter) => chapter.id === chapterId)
      ? chapterId
      : defaultChapterId(chapters);
  const selected = chapters.find((chapter) => chapter.id === selectedId) ?? null;
  useSkipTarget(MANUSCRIPT_TEXT_ID, 'Skip to the manuscript');

  return (
    <div className={styles.manuscript} data-testid="manuscript">
      <ChapterList project={project} chapters={chapters} selectedId={selectedId} />
      {selected ? (
        <ChapterParagraphs
          key={selected.id}
          project={project}
          chapter={selected}
          chapterCount={chapters.length}
        />
      ) : (
        <p className="muted">This book has no chapters.</p>
      )}
    </div>
  );
}

function ChapterList({
  project,
  chapters,
  selectedId,
}: {
  project: Project;
  chapters: Chapter[];
  selectedId: string | null;
}) {
  const update = useContractMutation('put', `${BOOK_ROUTE}/chapters/{chapter_id}`, {
    invalidates: [bookFamily(project.id)],
  });
  const numbers = bookNumbers(chapters);
  const busyId = update.isPending ? update.variables.params.chapter_id : null;

  return (
    <nav className={styles.chapters} aria-label="Chapters" data-testid="chapter-list">
      <div className={styles.chaptersHead}>
        <Heading level={2}>Chapters</Heading>
        <span className={styles.chaptersCount} data-testid="chapters-narrated">
          {chapterListNote(numbers)}
        </span>
      </div>
      {update.error && (
        <p className={bookFrameStyles.errorText} role="alert">
          {errorMessage(update.error)}
        </p>
      )}
      <ol className={styles.chaptersList}>
        {chapters.map((chapter) => {
          const kind = chapterKindLabel(chapter.kind);
          const active = chapter.id === selectedId;
          return (
            <li
              key={chapter.id}
              className={cx(
                styles.chapter,
                active && styles.chapterActive,
                chapter.skip_narration && styles.chapterSkipped,
              )}
              data-testid="chapter-item"
              data-chapter-id={chapter.id}
              data-kind={chapter.kind}
              data-skipped={chapter.skip_narration}
            >
              <a
                className={styles.chapterLink}
                href={hrefFor(chapterPath(project.id, chapter.id))}
                aria-current={active ? 'page' : undefined}
              >
                <span className={styles.chapterNumber} aria-hidden="true">
                  {chapter.chapter_number}
                </span>
                <span className={styles.chapterText}>
                  <span className={styles.chapterTitle} data-testid="chapter-title">
                    {chapter.title}
                  </span>
                  <span className={styles.chapterMeta}>
                    <span data-testid="chapter-words">{formatCount(chapter.word_count)} words</span>
                    {' · '}
                    {plural(chapter.paragraph_count, 'paragraph')}
                  </span>
                  {(kind || chapter.skip_narration) && (
                    <span className={styles.chapterTags}>
                      {kind && <span className={bookFrameStyles.tag}>{kind}</span>}
                      {chapter.skip_narration && (
                        <span
                          className={cx(bookFrameStyles.tag, bookFrameStyles.tagSkip)}
                          data-testid="chapter-skipped"
                        >
                          Skipped
                        </span>
                      )}
                    </span>
                  )}
                </span>
              </a>
              <IconButton
                icon="skip"
                size="sm"
                aria-pressed={chapter.skip_narration}
                label={
                  chapter.skip_narration
                    ? `${chapter.title} is skipped: not narrated or exported. Press to narrate it.`
                    : `Skip ${chapter.title} in narration and export`
                }
                disabled={busyId === chapter.id}
                onClick={() =>
                  update.mutate({
                    params: { project_id: project.id, chapter_id: chapter.id },
                    json: { skip_narration: !chapter.skip_narration },
                  })
                }
                testId="chapter-skip"
              />
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

type PageMode = 'auto' | 'all' | 'pages';

function ChapterParagraphs({
  project,
  chapter,
  chapterCount,
}: {
  project: Project;
  chapter: Chapter;
  chapterCount: number;
}) {
  const [mode, setMode] = useState<PageMode>('auto');
  const [page, setPage] = useState(1);
  const paging = paragraphPaging(chapter.paragraph_count, mode, page);
  const list = useContractQuery(
    `${BOOK_ROUTE}/chapters/{chapter_id}/paragraphs`,
    { params: { project_id: project.id, chapter_id: chapter.id }, query: paging ?? {} },
    { keepPrevious: true },
  );
  const cast = useCast(project.id);
  const { aliases, names } = useMemo(() => {
    const aliases = new Map<string, string>();
    const names: string[] = [];
    for (const member of cast.data?.members ?? []) {
      if (!member.character_name) continue;
      names.push(member.character_name);
      if (member.alias_of) aliases.set(speakerKey(member.character_name), member.alias_of);
    }
    return { aliases, names };
  }, [cast.data]);

  const paragraphs = list.data?.paragraphs ?? [];
  const kind = chapterKindLabel(chapter.kind);
  return (
    <section
      className={styles.paragraphs}
      aria-labelledby="ab-chapter-heading"
      data-testid="chapter-view"
      data-chapter-id={chapter.id}
    >
      <header className={styles.paragraphsHead}>
        <div>
          <p className={bookFrameStyles.eyebrow}>
            {chapter.chapter_number} of {chapterCount} in the book
            {kind && ` · ${kind}`}
          </p>
          <Heading level={2} id="ab-chapter-heading" testId="chapter-heading">
            {chapter.title}
          </Heading>
          <p className={styles.paragraphsMeta}>
            {formatCount(chapter.word_count)} words · {plural(chapter.paragraph_count, 'paragraph')}
            {!chapter.skip_narration && ` · ${approxRuntime(chapter.estimated_duration_minutes)}`}
          </p>
        </div>
        {!chapter.skip_narration && <ChapterNarrate chapter={chapter} />}
        {!chapter.skip_narration && <ChapterPlayer key={chapter.id} chapterId={chapter.id} />}
        {chapter.paragraph_count > PARAGRAPHS_PER_PAGE && (
          <SegmentedControl
            label="Paragraphs shown"
            value={paging !== null ? 'pages' : 'all'}
            onChange={(next) => {
              setMode(next);
              if (next === 'pages') setPage(1);
            }}
            options={[
              {
                value: 'pages',
                label: `Pages of ${PARAGRAPHS_PER_PAGE}`,
                testId: 'paragraphs-paged',
              },
              { value: 'all', label: `All ${chapter.paragraph_count}`, testId: 'paragraphs-all' },
            ]}
          />
        )}
      </header>

      {chapter.skip_narration && (
        <Alert tone="info" icon="skip" testId="chapter-skipped-note">
          {kind
            ? `${kind} is skipped: it is not narrated or exported.`
            : 'This chapter is skipped: it is not narrated or exported.'}{' '}
          Use the skip toggle in the chapter list to narrate it.
        </Alert>
      )}

      {list.error && (
        <Alert tone="error">Could not load the paragraphs: {errorMessage(list.error)}</Alert>
      )}

      <ol
        id={MANUSCRIPT_TEXT_ID}
        tabIndex={-1}
        className={styles.paragraphList}
        aria-label={`Paragraphs of ${chapter.title}`}
        aria-busy={list.isFetching}
        data-testid="paragraph-list"
      >
        {paragraphs.map((paragraph) => (
          <ParagraphItem
            key={paragraph.id}
            projectId={project.id}
            paragraph={paragraph}
            aliases={aliases}
            speakers={names}
          />
        ))}
      </ol>
      {list.data && list.data.page !== null && list.data.per_page !== null && (
        <Pager
          page={list.data.page}
          perPage={list.data.per_page}
          total={list.data.total}
          shown={paragraphs.length}
          label="Paragraph pages"
          onPage={(next) => {
            setMode('pages');
            setPage(next);
          }}
          testId="paragraph-pager"
        />
      )}
    </section>
  );
}
