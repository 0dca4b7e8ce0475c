// @vitest-environment jsdom
// The Models page's language model over a fake engine: which model answers, loaded or idle, its
// speed in words, a choice among the installed packs saved at once (PUT /language-model), Unload,
// and, with none set up, one Install button for the pack this computer is best served by — in
// plain words throughout.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PACKS, packView, status, type Status } from '../../test/language-model-fixtures.ts';
import { renderStudio } from '../../test/render.tsx';
import { EngineHealthProvider } from '../engine/health-context.tsx';
import { LanguageModelCard } from './LanguageModelCard.tsx';

function show(initial: Status) {
  let current = initial;
  return renderStudio(
    <EngineHealthProvider>
      <LanguageModelCard />
    </EngineHealthProvider>,
    {
      routes: {
        'GET /language-model': () => current,
        'PUT /language-model': (request) => {
          const body = request.body as { source?: Status['preference']; pack_id?: string };
          const pack = PACKS.find((p) => p.id === body.pack_id);
          current = status({
            preference: body.source ?? current.preference,
            pack_id: pack?.id ?? current.pack_id,
            name: pack?.title ?? current.name,
            loaded: false,
            memory_bytes: null,
          });
          return current;
        },
        'POST /language-model/unload': () =>
          (current = { ...current, loaded: false, memory_bytes: null }),
        'GET /model-packs/{pack_id}': (request) =>
          packView(request.params.pack_id!, 'Qwen2.5 1.5B Instruct', 1_117_320_736),
      },
    },
  );
}

const text = () => screen.getByTestId('language-model').textContent ?? '';

describe('the language model on the Models page', () => {
  it('shows the model in use, loaded, with its memory and measured speed in words', async () => {
    show(status());
    await screen.findByTestId('language-model-facts');
    expect(screen.getByTestId('language-model-name').textContent).toBe(
      'Qwen3 4B Instruct, installed with the studio',
    );
    expect(screen.getByTestId('language-model-state').textContent).toBe(
      'Loaded in memory, using 3.10 GB',
    );
    expect(screen.getByTestId('language-model-speed').textContent).toBe(
      'Reads about 90 words a second and writes about 6.0 (measured).',
    );
    expect(screen.getByTestId('language-model-runs-on').textContent).toBe('Processor');
    expect(text()).toContain('Leaves memory after 5 minutes unused.');
    expect(text()).not.toMatch(/gguf|llm|token/i);
  });

  it('switches to another installed pack at once, and offers only installed ones', async () => {
    const user = userEvent.setup();
    const { engine } = show(status());
    await screen.findByTestId('language-model-facts');
    await user.click(screen.getByTestId('language-model-choice'));
    const options = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(options.some((o) => o.includes('Qwen3 8B'))).toBe(false);
    expect(options.find((o) => o.includes('Qwen3 4B'))).toContain('Recommended for this computer');
    await user.click(screen.getByRole('option', { name: /Qwen2.5 1.5B/ }));
    await waitFor(() =>
      expect(engine.requests.find((r) => r.method === 'PUT')?.body).toEqual({
        source: 'pack',
        pack_id: 'qwen2.5-1.5b-instruct-q4km',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('language-model-name').textContent).toContain(
        'Qwen2.5 1.5B Instruct',
      ),
    );
  });

  it('unloads the model and then shows it idle', async () => {
    const user = userEvent.setup();
    const { engine } = show(status());
    await user.click(await screen.findByTestId('language-model-unload'));
    await waitFor(() =>
      expect(screen.getByTestId('language-model-state').textContent).toBe(
        'Idle: it loads when a feature needs it',
      ),
    );
    expect(engine.requests.some((r) => r.route === '/language-model/unload')).toBe(true);
    expect(screen.queryByTestId('language-model-unload')).toBeNull();
  });

  it('says where an own model file or chat server comes from', async () => {
    show(
      status({
        source: 'url',
        url: 'http://127.0.0.1:8080/v1',
        name: 'llama3',
        loaded: false,
        pack_id: null,
      }),
    );
    await screen.findByTestId('language-model-facts');
    expect(screen.getByTestId('language-model-name').textContent).toBe(
      'llama3, your chat server (http://127.0.0.1:8080/v1)',
    );
    expect(screen.getByTestId('language-model-state').textContent).toBe('Runs on your chat server');
    expect(screen.queryByTestId('language-model-unload')).toBeNull();
  });

  it('with none set up, offers the recommended pack in one click', async () => {
    show(
      status({
        source: null,
        ready: false,
        name: null,
        pack_id: null,
        loaded: false,
        memory_bytes: null,
        message: 'No language model is installed yet.',
        speed: { prompt_tokens_per_second: 0, output_tokens_per_second: 0, measured: false },
        packs: PACKS.map((p) => ({ ...p, ready: false })),
        install: ['qwen2.5-1.5b-instruct-q4km'],
      }),
    );
    const install = await screen.findByTestId('language-model-install');
    expect(install.textContent).toBe('Install “Qwen2.5 1.5B Instruct” (1.12 GB)');
    expect(screen.queryByTestId('language-model-facts')).toBeNull();
    expect(text()).toContain('Not set up');
    expect(text()).not.toMatch(/gguf|llm|token/i);
  });
});
