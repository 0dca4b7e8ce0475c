// @vitest-environment jsdom
// The cast panel over a fake engine: the narrator first with the voice the engine chose, each
// character's lines, sample and voice by name; a designed voice picked for a character is saved
// at once; merging a name asks for the main speaker, shows the engine's refusal in the dialog, and
// returns focus to the Merge button when the dialog closes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { book, bookRoutes, PROJECT_ID, type Book } from '../../test/book-fixtures.ts';
import type { FakeRoutes } from '../../test/fake-engine.ts';
import { renderStudio } from '../../test/render.tsx';
import { BookNarrationProvider } from './book-narration-context.tsx';
import { CastPanel } from './CastPanel.tsx';

function show(data: Book, routes: FakeRoutes = {}) {
  return renderStudio(
    <BookNarrationProvider project={data.project}>
      <CastPanel projectId={PROJECT_ID} />
    </BookNarrationProvider>,
    {
      routes: {
        ...bookRoutes(data),
        'POST /audiobook/projects/{project_id}/cast/assign': () => ({}) as never,
        'POST /audiobook/projects/{project_id}/cast/alias': () => ({}) as never,
        // No earlier language-model pass (improve/ImproveSpeakers.test.tsx covers one).
        'GET /jobs': () => ({
          jobs: [],
          total: 0,
          page: 1,
          per_page: 20,
          has_next: false,
          has_prev: false,
        }),
        ...routes,
      },
    },
  );
}

const rows = () => screen.getAllByTestId('cast-member');
const row = (speaker: string) => rows().find((r) => r.dataset.speaker === speaker)!;

describe('CastPanel', () => {
  it('shows the narrator first, then each character with lines, sample and voice', async () => {
    show(book());
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => r.dataset.speaker)).toEqual(['', 'Thomas', 'Mary']);
    expect(screen.getByTestId('cast-summary').textContent).toContain('2 named speakers');
    expect(within(row('')).getByTestId('cast-voice-name').textContent).toContain(
      'English (Great Britain)',
    );
    await waitFor(() =>
      expect(within(row('Thomas')).getByTestId('cast-voice-name').textContent).toBe('Alba'),
    );
    expect(within(row('Thomas')).getByTestId('cast-sample').textContent).toBe(
      '“Is the ferry late again?” asked Thomas.',
    );
    expect(within(row('Mary')).getByTestId('cast-lines').textContent).toBe('1');
  });

  it('saves a designed voice picked for a character at once', async () => {
    const user = userEvent.setup();
    const { engine } = show(book());
    await waitFor(() =>
      expect(within(row('Mary')).getByTestId('cast-voice-select')).toHaveProperty(
        'disabled',
        false,
      ),
    );
    await user.click(within(row('Mary')).getByTestId('cast-voice-select'));
    await user.keyboard('morag{Enter}');
    await waitFor(() =>
      expect(engine.requests.find((r) => r.route.endsWith('/cast/assign'))?.body).toEqual({
        character_name: 'Mary',
        voice_id: 41,
      }),
    );
  });

  it('merges a name into another speaker and gives focus back to the Merge button', async () => {
    const user = userEvent.setup();
    const { engine } = show(book());
    await waitFor(() => expect(rows()).toHaveLength(3));
    const merge = within(row('Mary')).getByTestId('cast-merge');
    await user.click(merge);
    const dialog = screen.getByTestId('alias-dialog');
    await user.click(within(dialog).getByTestId('alias-save'));
    expect(within(dialog).getByText('Name the speaker to merge into.')).toBeTruthy();
    await user.type(within(dialog).getByTestId('alias-target'), 'Thomas');
    await user.click(within(dialog).getByTestId('alias-save'));
    await waitFor(() => expect(screen.queryByTestId('alias-dialog')).toBeNull());
    expect(engine.requests.find((r) => r.route.endsWith('/cast/alias'))?.body).toEqual({
      character_name: 'Mary',
      alias_of: 'Thomas',
    });
    expect(document.activeElement).toBe(merge);
  });

  it('shows the engine’s refusal inside the merge dialog', async () => {
    const user = userEvent.setup();
    show(book(), {
      'POST /audiobook/projects/{project_id}/cast/alias': () => {
        throw new ApiError(400, 'validation_error', 'A speaker cannot be an alias of itself.');
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(row('Mary')).getByTestId('cast-merge'));
    const dialog = screen.getByTestId('alias-dialog');
    await user.type(within(dialog).getByTestId('alias-target'), 'Mary');
    await user.click(within(dialog).getByTestId('alias-save'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('alias-messages').textContent).toContain(
        'A speaker cannot be an alias of itself.',
      ),
    );
  });
});
