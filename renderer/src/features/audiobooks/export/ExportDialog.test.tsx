// @vitest-environment jsdom
// The Export for ACX dialog over a fake engine: the book's saved choices fill it, a start sends
// only what was set (the engine's defaults for the rest), a 409 export_not_ready lists the
// chapters without audio and exports the narrated ones on request, and closing gives focus back
// to the button that opened it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { Button } from '../../../ui/Button.tsx';
import { book, bookRoutes, PROJECT_ID, settings } from '../../../test/book-fixtures.ts';
import { renderStudio } from '../../../test/render.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import type { ExportChapter as Chapter, ExportRequest } from './export-types.ts';

type Start = (body: ExportRequest) => Promise<void>;

function Opener({ onStart }: { onStart: Start }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Export for ACX…</Button>
      {open && (
        <ExportDialog projectId={PROJECT_ID} onClose={() => setOpen(false)} onStart={onStart} />
      )}
    </>
  );
}

function show(onStart: Start, data = book()) {
  const saved = settings({
    opening_announcement: 'The Harbour. Written by Ann Example.',
    media: [
      {
        id: 'a0000000-0000-4000-8000-000000000001',
        project_id: PROJECT_ID,
        kind: 'cover',
        file_key: 'k',
        file_url: '/files/k',
        filename: 'harbour-cover.jpg',
        content_type: 'image/jpeg',
        format: 'jpg',
        bytes: 123,
        created_at: '2026-11-28T18:44:36.958Z',
      },
    ],
  });
  return {
    data,
    ...renderStudio(<Opener onStart={onStart} />, {
      routes: {
        ...bookRoutes(data),
        'GET /audiobook/projects/{project_id}/production-settings': () => saved,
      },
    }),
  };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Export for ACX…' }));
  return screen.getByTestId('export-dialog');
}

describe('ExportDialog', () => {
  it('fills in the book’s saved credits and covers', async () => {
    const user = userEvent.setup();
    show(vi.fn<Start>());
    const dialog = await open(user);
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/Opening credits/) as HTMLTextAreaElement).value).toBe(
        'The Harbour. Written by Ann Example.',
      ),
    );
    expect(within(dialog).getByTestId('export-credits').getAttribute('aria-checked')).toBe('true');
    await user.click(within(dialog).getByTestId('export-cover'));
    expect(screen.getByRole('option', { name: /harbour-cover\.jpg/ })).toBeTruthy();
  });

  it('sends only what was set, leaving the rest to the engine', async () => {
    const user = userEvent.setup();
    const onStart = vi.fn<Start>(async () => undefined);
    show(onStart);
    const dialog = await open(user);
    await user.click(within(dialog).getByTestId('export-format'));
    await user.click(screen.getByRole('option', { name: /M4B with chapter markers/ }));
    await user.click(within(dialog).getByTestId('export-credits'));
    await user.click(within(dialog).getByTestId('export-start'));
    await waitFor(() => expect(onStart).toHaveBeenCalledTimes(1));
    expect(onStart.mock.calls[0]![0]).toEqual({
      format: 'm4b',
      narrate_credits: false,
      retail_sample_start_seconds: 0,
      retail_sample_seconds: 180,
    });
  });

  it('lists chapters without audio and exports the narrated ones on request', async () => {
    const user = userEvent.setup();
    const data = book();
    const [first, second] = data.chapters as [Chapter, Chapter];
    const onStart = vi.fn<Start>(async (body) => {
      if (body.chapter_ids) return;
      throw new ApiError(409, 'export_not_ready', 'Some chapters are not narrated.', null, {
        body: {
          chapters: [
            {
              chapter_id: second.id,
              chapter_number: 2,
              title: second.title,
              // 66 lines without audio, of which the engine lists the first 50 (issue 28).
              missing_count: 66,
              paragraphs: Array.from({ length: 50 }, (_, i) => ({
                id: `p${i}`,
                position: i + 1,
                status: 'pending',
              })),
            },
          ],
        },
      });
    });
    show(onStart, data);
    const dialog = await open(user);
    await user.click(within(dialog).getByTestId('export-start'));
    const notReady = await within(dialog).findByTestId('export-not-ready');
    const named = within(notReady).getByTestId('export-not-ready-chapter').textContent;
    expect(named).toContain('Chapter 2');
    expect(named).toContain('66 paragraphs without audio');
    await user.click(within(notReady).getByTestId('export-narrated-only'));
    await waitFor(() => expect(onStart).toHaveBeenCalledTimes(2));
    expect(onStart.mock.calls[1]![0].chapter_ids).toEqual([first.id]);
  });

  it('gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    show(vi.fn<Start>());
    const opener = screen.getByRole('button', { name: 'Export for ACX…' });
    await open(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('export-dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
