// @vitest-environment jsdom
// "Improve speakers with the language model" in a book's cast, over a fake engine: the time
// estimate comes first and nothing starts until Start; Start asks for method=llm; the job is
// followed live from the job events (as the studio's event stream delivers them); once done, the
// lines to check are listed least sure first, with why and a link to their chapter. Without a
// language model, the recommended pack is offered instead of Start. Stop cancels; a reload finds
// the book's last pass again.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../api/contract.ts';
import { ApiError } from '../../../api/errors.ts';
import type { Job, JobEvent } from '../../../api/types.ts';
import { applyJobEvent } from '../../../data/job-invalidation.ts';
import { book, bookRoutes, PROJECT_ID } from '../../../test/book-fixtures.ts';
import type { FakeRoutes } from '../../../test/fake-engine.ts';
import { packView, status } from '../../../test/language-model-fixtures.ts';
import { renderStudio } from '../../../test/render.tsx';
import { EngineHealthProvider } from '../../engine/health-context.tsx';
import { BookNarrationProvider } from '../book-narration-context.tsx';
import { CastPanel } from '../CastPanel.tsx';

const BOOK = '/audiobook/projects/{project_id}';
type Estimate = ResponseOf<'get', `${typeof BOOK}/cast/detect/estimate`>;
type Line = ResponseOf<'get', `${typeof BOOK}/cast/detect/{detect_job_id}/lines`>['lines'][number];
const CHAPTER = 'c0000000-0000-4000-8000-000000000001';

const ESTIMATE: Estimate = {
  ready: true,
  model: 'Qwen3 4B Instruct',
  lines: 142,
  passages: 12,
  prompt_tokens: 41_000,
  output_tokens: 3_100,
  estimated_seconds: 370,
  speed_measured: false,
};

const LINES: Line[] = [
  line('p3', 'You and your rain.', 'Mary', null, 'Mary', 0.6, 'rules'),
  line('p7', 'Not today.', null, null, null, 0, 'none'),
  line('p2', 'Is the ferry late again?', 'Thomas', 'Thomas', 'Thomas', 0.95, 'both'),
];

function line(
  id: string,
  text: string,
  rules: string | null,
  model: string | null,
  speaker: string | null,
  confidence: number,
  source: Line['source'],
): Line {
  return {
    paragraph_id: id,
    chapter_id: CHAPTER,
    text,
    rules_speaker: rules,
    model_speaker: model,
    speaker,
    confidence,
    source,
  };
}

function job(id: number, extra: Partial<Job> = {}): Job {
  return {
    id,
    type: 'audiobook_cast_detection',
    status: 'running',
    progress: 0,
    stage: null,
    eta_seconds: null,
    created_at: '2026-11-28T21:00:00Z',
    started_at: '2026-11-28T21:00:00Z',
    finished_at: null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    input: { project_id: PROJECT_ID, method: 'llm' },
    result: null,
    ...extra,
  };
}

function jobList(jobs: Job[]): ResponseOf<'get', '/jobs'> {
  return { jobs, total: jobs.length, page: 1, per_page: 20, has_next: false, has_prev: false };
}

let client: QueryClient | null = null;
function GrabClient() {
  client = useQueryClient();
  return null;
}

/**
 * A job event, delivered the way the studio's event stream delivers it (TanStack notifies on its
 * next tick, so the page is read with waitFor/find afterwards).
 */
function deliver(event: JobEvent['event'], snapshot: Job) {
  act(() => applyJobEvent(client!, { event, job: snapshot }));
}

function show(routes: FakeRoutes = {}) {
  const data = book();
  return renderStudio(
    <EngineHealthProvider>
      <BookNarrationProvider project={data.project}>
        <GrabClient />
        <CastPanel projectId={PROJECT_ID} />
      </BookNarrationProvider>
    </EngineHealthProvider>,
    {
      routes: {
        ...bookRoutes(data),
        'GET /jobs': () => jobList([]),
        [`GET ${BOOK}/cast/detect/estimate`]: () => ESTIMATE,
        [`POST ${BOOK}/cast/detect`]: () => ({
          detected_paragraphs: 0,
          members: [],
          named_speaker_count: 2,
          method: 'llm',
          job_id: '77',
        }),
        'GET /jobs/{job_id}': (request) => job(Number(request.params.job_id)),
        [`GET ${BOOK}/cast/detect/{detect_job_id}/lines`]: (request) => {
          const max = request.query.get('max_confidence');
          const wanted = LINES.filter((l) => max === null || l.confidence <= Number(max));
          return {
            job_id: '77',
            model: 'Qwen3 4B Instruct',
            lines: wanted,
            total: wanted.length,
            page: 1,
            per_page: 50,
          };
        },
        ...routes,
      },
    },
  );
}

describe('improve speakers with the language model', () => {
  it('shows the time first, starts method=llm, follows the job live, then lists the lines to check', async () => {
    const user = userEvent.setup();
    const { engine } = show();
    await user.click(await screen.findByTestId('improve-speakers-open'));
    const dialog = await screen.findByTestId('improve-dialog');
    await within(dialog).findByTestId('improve-estimate');
    expect(within(dialog).getByTestId('improve-estimate').textContent).toContain(
      'Qwen3 4B Instruct reads 142 lines of dialogue in 12 parts.',
    );
    expect(within(dialog).getByTestId('improve-time').textContent).toBe(
      'about 6 minutes on this computer (a first guess for this computer until the model has run once).',
    );
    expect(engine.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(dialog.textContent).not.toMatch(/gguf|llm|token/i);

    await user.click(within(dialog).getByTestId('improve-start'));
    await waitFor(() => expect(screen.queryByTestId('improve-dialog')).toBeNull());
    const detect = engine.requests.find(
      (r) => r.method === 'POST' && r.route.endsWith('/cast/detect'),
    );
    expect(detect?.query.get('method')).toBe('llm');
    await screen.findByTestId('improve-running');
    expect(screen.getByTestId('improve-speakers-open')).toHaveProperty('disabled', true);

    deliver(
      'job.progress',
      job(77, { progress: 40, stage: 'Reading part 5 of 12', eta_seconds: 200 }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('improve-stage').textContent).toBe(
        'Reading part 5 of 12 · about 3 min 20 s left',
      ),
    );
    expect(screen.getByTestId('improve-progress').getAttribute('aria-valuenow')).toBe('40');

    deliver(
      'job.completed',
      job(77, {
        status: 'completed',
        progress: 100,
        stage: 'Done',
        finished_at: '2026-11-28T21:06:00Z',
        result: { lines_read: 142, paragraphs_refined: 9 },
      }),
    );
    expect((await screen.findByTestId('improve-done')).textContent).toBe(
      'The language model read 142 lines of dialogue and changed the speaker of 9 paragraphs.',
    );
    await waitFor(() => expect(screen.getAllByTestId('detect-line')).toHaveLength(2));
    const lines = engine.requests.filter((r) => r.route.endsWith('/lines'));
    expect(lines.at(-1)?.query.get('max_confidence')).toBe('0.6');
    expect(lines.at(-1)?.params.detect_job_id).toBe('77');
    expect(screen.getByTestId('detect-lines-count').textContent).toBe('2 lines to check');
    const [mary, nobody] = screen.getAllByTestId('detect-line');
    expect(within(mary!).getByTestId('detect-line-confidence').textContent).toBe('Unsure · 60 %');
    expect(within(mary!).getByTestId('detect-line-reason').textContent).toBe(
      'The language model was not sure; the quick pass’s Mary is kept.',
    );
    expect(within(nobody!).getByTestId('detect-line-confidence').textContent).toBe(
      'Nobody found · 0 %',
    );
    expect(within(mary!).getByTestId('detect-line-open').getAttribute('href')).toContain(
      `/chapters/${CHAPTER}`,
    );

    await user.click(screen.getByTestId('detect-lines-all'));
    await waitFor(() => expect(screen.getAllByTestId('detect-line')).toHaveLength(3));
    expect(
      engine.requests
        .filter((r) => r.route.endsWith('/lines'))
        .at(-1)
        ?.query.has('max_confidence'),
    ).toBe(false);
    expect(screen.getByTestId('detect-lines-count').textContent).toBe('3 lines read');
  });

  it('offers the recommended pack when no language model is set up, and keeps Start off', async () => {
    const user = userEvent.setup();
    show({
      [`GET ${BOOK}/cast/detect/estimate`]: () => ({ ...ESTIMATE, ready: false, model: null }),
      'GET /language-model': () =>
        status({ ready: false, source: null, install: ['qwen3-4b-instruct-2507-q4km'] }),
      'GET /model-packs/{pack_id}': (request) =>
        packView(request.params.pack_id!, 'Qwen3 4B Instruct', 2_497_280_256),
    });
    await user.click(await screen.findByTestId('improve-speakers-open'));
    const needs = await screen.findByTestId('improve-needs-model');
    expect((await within(needs).findByTestId('improve-install')).textContent).toBe(
      'Install “Qwen3 4B Instruct” (2.50 GB)',
    );
    expect(screen.getByTestId('improve-start')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('improve-estimate')).toBeNull();
  });

  it('shows the engine’s refusal in the dialog and starts nothing', async () => {
    const user = userEvent.setup();
    show({
      [`POST ${BOOK}/cast/detect`]: () => {
        throw new ApiError(409, 'conflict', 'Speaker detection is already running for this book.');
      },
    });
    await user.click(await screen.findByTestId('improve-speakers-open'));
    const dialog = await screen.findByTestId('improve-dialog');
    await within(dialog).findByTestId('improve-estimate');
    await user.click(within(dialog).getByTestId('improve-start'));
    expect((await within(dialog).findByTestId('improve-error')).textContent).toContain(
      'Speaker detection is already running for this book.',
    );
    expect(screen.queryByTestId('improve-running')).toBeNull();
  });

  it('stops a running pass', async () => {
    const user = userEvent.setup();
    const { engine } = show({
      'GET /jobs': () => jobList([job(81, { progress: 20, stage: 'Reading part 2 of 12' })]),
      'POST /jobs/{job_id}/cancel': (request) =>
        job(Number(request.params.job_id), {
          status: 'cancelled',
          finished_at: '2026-11-28T21:02:00Z',
        }),
    });
    await user.click(await screen.findByTestId('improve-stop'));
    expect(await screen.findByTestId('improve-stopped')).toBeTruthy();
    expect(engine.requests.find((r) => r.route === '/jobs/{job_id}/cancel')?.params.job_id).toBe(
      '81',
    );
    expect(screen.queryByTestId('improve-running')).toBeNull();
  });

  it('finds this book’s last pass again after a reload and lists its lines to check', async () => {
    const done = {
      status: 'completed' as const,
      progress: 100,
      result: { lines_read: 3, paragraphs_refined: 1 },
    };
    show({
      'GET /jobs': () =>
        jobList([
          job(90, { ...done, input: { project_id: 'another-book', method: 'llm' } }),
          job(64, done),
        ]),
      'GET /jobs/{job_id}': (request) => job(Number(request.params.job_id), done),
    });
    expect((await screen.findByTestId('improve-done')).textContent).toContain(
      'changed the speaker of 1 paragraph.',
    );
    await waitFor(() => expect(screen.getAllByTestId('detect-line')).toHaveLength(2));
  });
});
