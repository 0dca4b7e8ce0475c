/**
 * The manuscript: chapters on the left (words, paragraphs, skip toggle; front and back matter
 * marked and skipped), the open chapter's paragraphs on the right. Long chapters open in pages
 * (the paragraph listing's opt-in pagination); short ones are shown whole.
 */
import { useCallback, useMemo, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { hrefFor } from '../shell/router.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import {
  audiobookErrorText,
  chapterKindLabel,
  formatCount,
  approxRuntime,
  plural,
} from './audiobook-format.ts';
import { chapterPath, defaultChapterId } from './audiobook-routes.ts';
import type { Chapter, Paragraph, Project } from './audiobook-types.ts';
import { Pager } from './bits.tsx';
import { useBookNarration } from './book-narration-context.tsx';
import { ChapterNarrate } from './ChapterNarrate.tsx';
import { ChapterPlayer } from './ChapterPlayer.tsx';
import { AbIcon } from './icons.tsx';
import { PARAGRAPHS_PER_PAGE, paragraphPaging } from './pagination.ts';
import { ParagraphItem } from './ParagraphItem.tsx';
import { speakerKey } from './speaker-colour.ts';
import { useResource } from './use-resource.ts';

export function ManuscriptView({
  project,
  chapters,
  chapterId,
  speakerVersion,
  onChapter,
  onBookChanged,
}: {
  project: Project;
  chapters: Chapter[];
  chapterId: string | null;
  speakerVersion: number;
  onChapter: (chapter: Chapter) => void;
  onBookChanged: () => void;
}) {
  const selectedId =
    chapterId && chapters.some((chapter) => chapter.id === chapterId)
      ? chapterId
      : defaultChapterId(chapters);
  const selected = chapters.find((chapter) => chapter.id === selectedId) ?? null;

  return (
    <div className="ab-manuscript" data-testid="manuscript">
      <ChapterList
        project={project}
        chapters={chapters}
        selectedId={selectedId}
        onChapter={onChapter}
      />
      {selected ? (
        <ChapterParagraphs
          key={selected.id}
          project={project}
          chapter={selected}
          chapterCount={chapters.length}
          speakerVersion={speakerVersion}
          onBookChanged={onBookChanged}
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
  onChapter,
}: {
  project: Project;
  chapters: Chapter[];
  selectedId: string | null;
  onChapter: (chapter: Chapter) => void;
}) {
  const client = useAudiobooks();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const narrated = chapters.filter((chapter) => !chapter.skip_narration).length;

  async function toggleSkip(chapter: Chapter) {
    setBusy(chapter.id);
    setFailure(null);
    try {
      const updated = await client.updateChapter(project.id, chapter.id, {
        skip_narration: !chapter.skip_narration,
      });
      onChapter(updated);
    } catch (caught) {
      setFailure(`${chapter.title}: ${audiobookErrorText(caught)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <nav className="ab-chapters" aria-label="Chapters" data-testid="chapter-list">
      <div className="ab-chapters__head">
        <h3 className="ab-section-title">Chapters</h3>
        <span className="ab-chapters__count" data-testid="chapters-narrated">
          {narrated} of {chapters.length} narrated
        </span>
      </div>
      {failure && (
        <p className="ab-error-text" role="alert">
          {failure}
        </p>
      )}
      <ol className="ab-chapters__list">
        {chapters.map((chapter) => {
          const kind = chapterKindLabel(chapter.kind);
          const active = chapter.id === selectedId;
          return (
            <li
              key={chapter.id}
              className={`ab-chapter${active ? ' ab-chapter--active' : ''}${
                chapter.skip_narration ? ' ab-chapter--skipped' : ''
              }`}
              data-testid="chapter-item"
              data-chapter-id={chapter.id}
              data-kind={chapter.kind}
              data-skipped={chapter.skip_narration}
            >
              <a
                className="ab-chapter__link"
                href={hrefFor(chapterPath(project.id, chapter.id))}
                aria-current={active ? 'page' : undefined}
              >
                <span className="ab-chapter__number" aria-hidden="true">
                  {chapter.chapter_number}
                </span>
                <span className="ab-chapter__text">
                  <span className="ab-chapter__title" data-testid="chapter-title">
                    {chapter.title}
                  </span>
                  <span className="ab-chapter__meta">
                    <span data-testid="chapter-words">{formatCount(chapter.word_count)} words</span>
                    {' · '}
                    {plural(chapter.paragraph_count, 'paragraph')}
                  </span>
                  {(kind || chapter.skip_narration) && (
                    <span className="ab-chapter__tags">
                      {kind && <span className="ab-tag">{kind}</span>}
                      {chapter.skip_narration && (
                        <span className="ab-tag ab-tag--skip" data-testid="chapter-skipped">
                          Skipped
                        </span>
                      )}
                    </span>
                  )}
                </span>
              </a>
              <button
                type="button"
                className="ab-icon-button"
                aria-pressed={chapter.skip_narration}
                aria-label={`Skip ${chapter.title} in narration`}
                title={
                  chapter.skip_narration
                    ? 'Skipped: not narrated or exported. Click to narrate it.'
                    : 'Narrated. Click to skip it in narration and export.'
                }
                disabled={busy === chapter.id}
                onClick={() => void toggleSkip(chapter)}
                data-testid="chapter-skip"
              >
                <AbIcon name="skip" />
              </button>
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
  speakerVersion,
  onBookChanged,
}: {
  project: Project;
  chapter: Chapter;
  chapterCount: number;
  speakerVersion: number;
  onBookChanged: () => void;
}) {
  const client = useAudiobooks();
  const narrationVersion = useBookNarration().feed.version;
  const [mode, setMode] = useState<PageMode>('auto');
  const [page, setPage] = useState(1);
  const paging = paragraphPaging(chapter.paragraph_count, mode, page);
  const pagePage = paging?.page ?? null;
  const pagePer = paging?.per_page ?? null;

  const load = useCallback(
    (signal: AbortSignal) => {
      void speakerVersion; // new speakers: read the labels again
      void narrationVersion; // lines narrated or failed: read the statuses again
      const asked = pagePage !== null && pagePer !== null;
      return client.listParagraphs(
        project.id,
        chapter.id,
        asked ? { page: pagePage, per_page: pagePer } : null,
        signal,
      );
    },
    [client, project.id, chapter.id, pagePage, pagePer, speakerVersion, narrationVersion],
  );
  const list = useResource(load);

  const loadCast = useCallback(
    (signal: AbortSignal) => {
      void speakerVersion;
      return client.cast(project.id, signal);
    },
    [client, project.id, speakerVersion],
  );
  const cast = useResource(loadCast);
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

  const { setData } = list;
  const replace = useCallback(
    (paragraph: Paragraph) => {
      setData((current) =>
        current
          ? {
              ...current,
              paragraphs: current.paragraphs.map((p) => (p.id === paragraph.id ? paragraph : p)),
            }
          : current,
      );
    },
    [setData],
  );

  const paragraphs = list.data?.paragraphs ?? [];
  const kind = chapterKindLabel(chapter.kind);
  return (
    <section
      className="ab-paragraphs"
      aria-labelledby="ab-chapter-heading"
      data-testid="chapter-view"
      data-chapter-id={chapter.id}
    >
      <header className="ab-paragraphs__head">
        <div>
          <p className="ab-eyebrow">
            {chapter.chapter_number} of {chapterCount} in the book
            {kind && ` · ${kind}`}
          </p>
          <h3
            className="ab-paragraphs__title"
            id="ab-chapter-heading"
            data-testid="chapter-heading"
          >
            {chapter.title}
          </h3>
          <p className="ab-paragraphs__meta">
            {formatCount(chapter.word_count)} words · {plural(chapter.paragraph_count, 'paragraph')}
            {!chapter.skip_narration && ` · ${approxRuntime(chapter.estimated_duration_minutes)}`}
          </p>
        </div>
        {!chapter.skip_narration && <ChapterNarrate chapter={chapter} />}
        {!chapter.skip_narration && <ChapterPlayer key={chapter.id} chapterId={chapter.id} />}
        {chapter.paragraph_count > PARAGRAPHS_PER_PAGE && (
          <div className="segmented" role="group" aria-label="Paragraphs shown">
            <button
              type="button"
              className="segmented__item"
              aria-pressed={paging !== null}
              onClick={() => {
                setMode('pages');
                setPage(1);
              }}
              data-testid="paragraphs-paged"
            >
              Pages of {PARAGRAPHS_PER_PAGE}
            </button>
            <button
              type="button"
              className="segmented__item"
              aria-pressed={paging === null}
              onClick={() => setMode('all')}
              data-testid="paragraphs-all"
            >
              All {chapter.paragraph_count}
            </button>
          </div>
        )}
      </header>

      {chapter.skip_narration && (
        <div className="alert alert--info" data-testid="chapter-skipped-note">
          <AbIcon name="skip" />
          <div>
            {kind
              ? `${kind} is skipped: it is not narrated or exported.`
              : 'This chapter is skipped: it is not narrated or exported.'}{' '}
            Use the skip toggle in the chapter list to narrate it.
          </div>
        </div>
      )}

      {list.error && (
        <div className="alert alert--error" role="alert">
          <Icon name="alert" />
          <div>Could not load the paragraphs: {list.error}</div>
        </div>
      )}

      <ol className="ab-paragraph-list" aria-busy={list.loading} data-testid="paragraph-list">
        {paragraphs.map((paragraph) => (
          <ParagraphItem
            key={paragraph.id}
            projectId={project.id}
            paragraph={paragraph}
            aliases={aliases}
            speakers={names}
            onSaved={(saved, textChanged) => {
              replace(saved);
              if (textChanged) onBookChanged();
            }}
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
