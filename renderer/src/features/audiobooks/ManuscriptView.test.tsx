// @vitest-environment jsdom
// The manuscript view over a fake engine: the chapter list with words and what is narrated, the
// open chapter's paragraphs with their speakers, skipping a chapter (the engine is told and the
// list follows), a skipped chapter's note, and the skip link that lands on the paragraphs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { book, bookRoutes, type Book } from '../../test/book-fixtures.ts';
import { renderStudio } from '../../test/render.tsx';
import { ShortcutsProvider } from '../shell/shortcuts-context.tsx';
import { SkipLinks, SkipTargetsProvider } from '../shell/skip-targets.tsx';
import { BookNarrationProvider } from './book-narration-context.tsx';
import { MANUSCRIPT_TEXT_ID, ManuscriptView } from './ManuscriptView.tsx';

function Manuscript({ data, chapterId = null }: { data: Book; chapterId?: string | null }) {
  return (
    <ShortcutsProvider>
      <SkipTargetsProvider>
        <SkipLinks />
        <BookNarrationProvider project={data.project}>
          <ManuscriptView project={data.project} chapters={data.chapters} chapterId={chapterId} />
        </BookNarrationProvider>
      </SkipTargetsProvider>
    </ShortcutsProvider>
  );
}

function show(data: Book, chapterId: string | null = null) {
  return renderStudio(<Manuscript data={data} chapterId={chapterId} />, {
    routes: {
      ...bookRoutes(data),
      'PUT /audiobook/projects/{project_id}/chapters/{chapter_id}': (request) => {
        const chapter = data.chapters.find((c) => c.id === request.params.chapter_id)!;
        Object.assign(chapter, request.body);
        return { ...chapter, text: '' };
      },
    },
  });
}

describe('ManuscriptView', () => {
  it('lists the chapters and opens the first with its paragraphs and speakers', async () => {
    const data = book();
    show(data);
    const chapters = screen.getByTestId('chapter-list');
    expect(
      within(chapters)
        .getAllByTestId('chapter-title')
        .map((t) => t.textContent),
    ).toEqual(['CHAPTER I', 'CHAPTER II']);
    expect(screen.getByTestId('chapters-narrated').textContent).toBe('0 of 2 narrated');
    expect(screen.getByTestId('chapter-heading').textContent).toBe('CHAPTER I');
    const list = screen.getByTestId('paragraph-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0));
    expect(list.textContent).toContain('The harbour was quiet when Thomas came down to the water.');
    expect(list.textContent).toContain('Thomas');
    expect(list.textContent).toContain('Mary');
    expect(list.textContent).not.toContain('The ferry came at noon.');
  });

  it('opens the chapter the address names', async () => {
    const data = book();
    show(data, data.chapters[1]!.id);
    expect(screen.getByTestId('chapter-heading').textContent).toBe('CHAPTER II');
    await waitFor(() =>
      expect(screen.getByTestId('paragraph-list').textContent).toContain('The ferry came at noon.'),
    );
  });

  it('tells the engine to skip a chapter', async () => {
    const user = userEvent.setup();
    const data = book();
    const { engine } = show(data, data.chapters[1]!.id);
    const second = screen.getAllByTestId('chapter-item')[1]!;
    await user.click(within(second).getByTestId('chapter-skip'));
    await waitFor(() =>
      expect(
        engine.requests.find((r) => r.method === 'PUT' && r.route.endsWith('{chapter_id}')),
      ).toMatchObject({
        params: { chapter_id: data.chapters[1]!.id },
        body: { skip_narration: true },
      }),
    );
  });

  it('says a skipped chapter is neither narrated nor exported', () => {
    const data = book();
    data.chapters[1]!.skip_narration = true;
    show(data, data.chapters[1]!.id);
    expect(screen.getByTestId('chapters-narrated').textContent).toBe('0 of 1 narrated');
    expect(screen.getByTestId('chapter-skipped-note').textContent).toContain(
      'not narrated or exported',
    );
    const skip = within(screen.getAllByTestId('chapter-item')[1]!).getByTestId('chapter-skip');
    expect(skip.getAttribute('aria-pressed')).toBe('true');
  });

  it('has a skip link that moves focus to the paragraphs', async () => {
    const user = userEvent.setup();
    show(book());
    const link = await screen.findByRole('link', { name: 'Skip to the manuscript' });
    expect(link.getAttribute('href')).toBe(`#${MANUSCRIPT_TEXT_ID}`);
    await user.click(link);
    expect(document.activeElement?.id).toBe(MANUSCRIPT_TEXT_ID);
  });
});
