// @vitest-environment jsdom
// The Translate page over a fake engine: a file is sent with the chosen language, the job's
// stages and percent follow its events, the finished dub is playable and downloadable with its
// subtitles, a line's edit is sent and the dub followed again until it is re-spoken; a refusal
// that names a pack shows an Install button; past translations can be tried again and deleted.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import type { Job } from '../../api/types.ts';
import { applyJobEvent } from '../../data/job-invalidation.ts';
import type { FakeRoutes } from '../../test/fake-engine.ts';
import { renderStudio } from '../../test/render.tsx';
import { EngineHealthProvider } from '../engine/health-context.tsx';
import { TranslatePage } from './TranslatePage.tsx';
import type { DubLanguages, DubTranscript, SpeechTranslation } from './translate-types.ts';

const STAGES = [
  'extract',
  'separate',
  'recognize',
  'translate',
  'voices',
  'speak',
  'fit',
  'mix',
  'mux',
  'transcripts',
] as const;

function language(code: string, name: string): DubLanguages['languages'][number] {
  return {
    code,
    name,
    recognition: { supported: true, installed: true },
    translation: { into: true, packs: ['opus-mt'] },
    cloning: { supported: false, installed: false, packs: [] },
    catalog_voice: { available: true, voices: 2, neural: false },
  };
}

const LANGUAGES: DubLanguages = {
  languages: [language('en', 'English'), language('de', 'German')],
  conversion: { installed: null, packs: [] },
  separation: { engine: 'builtin', tier: 'dsp', title: 'Built-in separator' },
  pair: null,
};

function translation(
  status: SpeechTranslation['status'],
  taskId: number,
  extra: Partial<SpeechTranslation> = {},
): SpeechTranslation {
  const done = status === 'COMPLETED';
  const signed = (name: string) => `http://127.0.0.1/files/signed/${name}?sig=1`;
  return {
    id: 7,
    status,
    source_language: 'en',
    target_language: 'de',
    input_path: 'uploads/interview.wav',
    input_source: 'FILE',
    created_at: '2026-11-28T21:00:00Z',
    original_filename: 'interview.wav',
    display_name: 'interview.wav',
    task_id: String(taskId),
    parameters: {
      source_type: 'audio',
      is_video: false,
      duration: 30,
      is_speech_translation: true,
    },
    audio_output_path: done ? 'dub.wav' : null,
    video_output_path: null,
    transcript_path: done ? 'transcript.json' : null,
    translated_audio_url: done ? signed('dub.wav') : null,
    video_output_url: null,
    transcript_urls: done
      ? { json: signed('transcript.json'), source_audio: signed('source.wav') }
      : null,
    progress: done ? 100 : 0,
    stage: null,
    stages: STAGES.map((name) => ({
      name,
      status: done ? 'done' : 'waiting',
      task_id: done ? taskId : null,
      finished_at: null,
      seconds: null,
    })),
    source_language_detected: true,
    source_url: null,
    original_url: null,
    subtitle_urls: done
      ? {
          source_srt: signed('source.srt'),
          source_vtt: signed('source.vtt'),
          target_srt: signed('target.srt'),
          target_vtt: signed('target.vtt'),
        }
      : null,
    separation: null,
    speakers: [],
    attempts: 1,
    credits_reserved: 40,
    urls_expire_at: null,
    error_message: null,
    completed_at: null,
    updated_at: '2026-11-28T21:00:00Z',
    ...extra,
  };
}

function transcript(second: string, edited: boolean): DubTranscript {
  const speaker = (label: string, name: string): DubTranscript['speakers'][number] => ({
    label,
    gender: 'female',
    age: 'adult',
    f0: 210,
    voice: {
      method: 'catalog',
      pack: null,
      voice_id: 3,
      voice_name: name,
      conversion: null,
      prompt_seconds: 6,
    },
  });
  const line = (id: number, speakerLabel: string, text: string, spoken: string) => ({
    id,
    speaker: speakerLabel,
    start: id * 4,
    end: id * 4 + 3,
    text,
    translation: spoken,
    machine_translation: spoken,
    edited: id === 1 && edited,
    words: [],
    dub: { start: id * 4, end: id * 4 + 3, speed: 1, borrowed: 0, shortened: null, cut: 0 },
  });
  return {
    source_language: 'en',
    source_detected: true,
    target_language: 'de',
    duration: 30,
    separation: { engine: 'builtin', tier: 'dsp', title: 'Built-in separator' },
    recognition: { pack: 'whisper-small' },
    translation: { engine: 'opus-mt', packs: ['opus-mt-en-de'] },
    speakers: [speaker('Speaker 1', 'Anna'), speaker('Speaker 2', 'Jonas')],
    segments: [
      line(0, 'Speaker 1', 'Good morning.', 'Guten Morgen.'),
      line(1, 'Speaker 2', 'How are you today?', second),
    ],
  };
}

function job(id: number, status: Job['status'], stage: string | null, progress: number): Job {
  return {
    id,
    type: 'speech_translation',
    status,
    progress,
    stage,
    eta_seconds: null,
    created_at: '2026-11-28T21:00:00Z',
    started_at: '2026-11-28T21:00:00Z',
    finished_at: status === 'completed' ? '2026-11-28T21:01:00Z' : null,
    error_message: null,
    failure_reason: null,
    attempts: 1,
    input: {},
    result: status === 'completed' ? {} : null,
  };
}

function renderPage(routes: FakeRoutes) {
  return renderStudio(
    <EngineHealthProvider>
      <TranslatePage />
    </EngineHealthProvider>,
    { routes },
  );
}

async function pick(user: ReturnType<typeof userEvent.setup>, testId: string, value: string) {
  await user.click(screen.getByTestId(testId));
  const option = within(screen.getByTestId(`${testId}-list`))
    .getAllByRole('option')
    .find((o) => o.getAttribute('data-value') === value);
  if (!option) throw new Error(`${testId} has no option ${value}`);
  await user.click(option);
}

describe('the Translate page', () => {
  it('starts a translation, follows its stages, shows the dub and re-speaks an edited line', async () => {
    const user = userEvent.setup();
    let record = translation('PENDING', 41);
    let lines = transcript('Wie geht es dir heute?', false);
    const jobs = new Map<number, Job>([[41, job(41, 'running', 'translate', 45)]]);
    const view = renderPage({
      'GET /translation/languages': () => LANGUAGES,
      'GET /translation/translations': () => ({
        translations: [record],
        total: 1,
        skip: 0,
        limit: 20,
      }),
      'POST /translation/translations': () => record,
      'GET /translation/translations/{translation_job_id}': () => record,
      'GET /translation/translations/{translation_job_id}/transcript': () => lines,
      'PATCH /translation/translations/{translation_job_id}/segments/{segment_id}': () => {
        record = translation('PROCESSING', 42);
        jobs.set(42, job(42, 'running', 'speak', 60));
        return record;
      },
      'GET /jobs/{job_id}': (request) =>
        jobs.get(Number(request.params.job_id)) ?? job(0, 'queued', null, 0),
    });

    await user.upload(
      screen.getByTestId('translate-file'),
      new File([new Uint8Array(64)], 'interview.wav', { type: 'audio/wav' }),
    );
    expect((screen.getByTestId('translate-start') as HTMLButtonElement).disabled).toBe(true);
    await pick(user, 'translate-target', 'de');
    await user.click(screen.getByTestId('translate-start'));

    const post = view.engine.requests.find((r) => r.method === 'POST');
    const form = post?.body as FormData;
    expect((form.get('file') as File).name).toBe('interview.wav');
    expect(form.get('target_language')).toBe('de');
    expect(form.has('source_language')).toBe(false);

    expect((await screen.findByTestId('translate-status')).textContent).toBe(
      'Translating each line · 45 %',
    );
    const state = (name: string) =>
      screen.getByTestId(`translate-stage-${name}`).getAttribute('data-state');
    expect([state('recognize'), state('translate'), state('speak')]).toEqual([
      'done',
      'running',
      'waiting',
    ]);

    act(() =>
      applyJobEvent(view.queries, { event: 'job.progress', job: job(41, 'running', 'speak', 70) }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('translate-status').textContent).toBe(
        'Speaking the translation · 70 %',
      ),
    );
    expect(state('translate')).toBe('done');

    record = translation('COMPLETED', 41);
    act(() =>
      applyJobEvent(view.queries, { event: 'job.completed', job: job(41, 'completed', null, 100) }),
    );
    await screen.findByTestId('translate-result');
    expect(screen.getByTestId('translate-dub')).toBeTruthy();
    expect(screen.getByTestId('translate-compare').textContent).toBe('Compare with the original');
    const downloads = within(screen.getByTestId('translate-downloads'))
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(downloads).toEqual([
      ['Dubbed audio', 'http://127.0.0.1/files/signed/dub.wav?sig=1'],
      ['Subtitles in German (SRT)', 'http://127.0.0.1/files/signed/target.srt?sig=1'],
      ['Subtitles in German (WebVTT)', 'http://127.0.0.1/files/signed/target.vtt?sig=1'],
      ['Subtitles in English (SRT)', 'http://127.0.0.1/files/signed/source.srt?sig=1'],
      ['Subtitles in English (WebVTT)', 'http://127.0.0.1/files/signed/source.vtt?sig=1'],
    ]);
    expect((await screen.findByTestId('translate-line-1-source')).textContent).toBe(
      'How are you today?',
    );
    expect(screen.getByTestId('translate-line-1-translation').textContent).toBe(
      'Wie geht es dir heute?',
    );
    expect(screen.getByTestId('translate-speakers').textContent).toContain('the voice “Jonas”');

    await user.click(screen.getByTestId('translate-line-1-edit'));
    const input = screen.getByTestId('translate-line-1-input');
    await user.clear(input);
    await user.type(input, 'Wie geht es Ihnen?');
    await user.click(screen.getByTestId('translate-line-1-save'));
    const patch = view.engine.requests.find((r) => r.method === 'PATCH');
    expect(patch?.params).toEqual({ translation_job_id: '7', segment_id: '1' });
    expect(patch?.body).toEqual({ translation: 'Wie geht es Ihnen?' });
    expect((await screen.findByTestId('translate-status')).textContent).toBe(
      'Speaking the translation · 60 %',
    );

    record = translation('COMPLETED', 42);
    lines = transcript('Wie geht es Ihnen?', true);
    act(() =>
      applyJobEvent(view.queries, { event: 'job.completed', job: job(42, 'completed', null, 100) }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('translate-line-1-translation').textContent).toBe(
        'Wie geht es Ihnen?',
      ),
    );
    expect(screen.getByTestId('translate-line-1').textContent).toContain('Edited');
    expect(document.body.textContent ?? '').not.toMatch(/manifest|models\/|TAPEHOUSE_|task_id/i);
  });

  it('says which pack a language pair needs before starting, and offers the pack a refused translation needs (400 for a file, 503 for an address)', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const view = renderPage({
      'GET /translation/languages': (request) =>
        request.query.get('target') === 'de' && request.query.get('source') === 'en'
          ? {
              ...LANGUAGES,
              pair: {
                source: 'en',
                target: 'de',
                possible: false,
                speech: null,
                translation: null,
                recognition: { pack: 'whisper-small' },
                problems: [
                  {
                    stage: 'translation',
                    reason: 'pack_not_installed',
                    message: 'No installed pack translates English into German.',
                    pack: 'opus-mt-en-de',
                  },
                ],
              },
            }
          : LANGUAGES,
      'GET /translation/translations': () => ({ translations: [], total: 0, skip: 0, limit: 20 }),
      'POST /translation/translations': () => {
        calls += 1;
        if (calls === 1)
          throw new ApiError(
            400,
            'validation_error',
            'This machine cannot translate English into German yet.',
            null,
            {
              body: {
                reason: 'unsupported_combination',
                pack: 'opus-mt-en-de',
                install: ['opus-mt-en-de'],
                problems: [
                  {
                    stage: 'translation',
                    reason: 'pack_not_installed',
                    message: 'No installed pack translates English into German.',
                    pack: 'opus-mt-en-de',
                  },
                ],
              },
            },
          );
        throw new ApiError(503, 'model_not_installed', 'Speech recognition needs a pack.', null, {
          body: { pack: 'whisper-small', install: ['silero-vad', 'whisper-small'] },
        });
      },
      'GET /model-packs/{pack_id}': (request) => ({
        id: request.params.pack_id ?? '',
        task: 'mt',
        capability: 'translation',
        title:
          request.params.pack_id === 'whisper-small'
            ? 'Whisper small'
            : 'Opus-MT English to German',
        purpose: 'Translates text.',
        description: 'Translates text.',
        version: '1.0.0',
        licence: 'Apache-2.0',
        licence_url: null,
        non_commercial: false,
        licence_accepted_at: null,
        requires: [],
        bytes: 300_000_000,
        state: 'not_installed',
        installed_version: null,
        in_models_dir: false,
        ready: false,
        removable: false,
        install_job_id: null,
        verification: [],
        last_verified: null,
      }),
    });

    await user.upload(
      screen.getByTestId('translate-file'),
      new File([new Uint8Array(64)], 'interview.wav', { type: 'audio/wav' }),
    );
    await pick(user, 'translate-target', 'de');
    expect(screen.queryByTestId('translate-pair')).toBeNull();
    await pick(user, 'translate-source', 'en');
    // Said before anything is sent: the pair needs a pack.
    expect((await screen.findByTestId('translate-pair')).textContent).toContain(
      'No installed pack translates English into German.',
    );
    expect(
      (await screen.findByTestId('translate-pair-install-opus-mt-en-de')).textContent,
    ).toContain('Opus-MT English to German');
    await user.click(screen.getByTestId('translate-start'));
    const alert = await screen.findByTestId('translate-error');
    expect(alert.textContent).toContain('This needs a pack');
    expect(alert.textContent).toContain('No installed pack translates English into German.');
    expect((await screen.findByTestId('translate-error-install')).textContent).toContain(
      'Opus-MT English to German',
    );
    const first = view.engine.requests.find((r) => r.method === 'POST')?.body as FormData;
    expect(first.get('source_language')).toBe('en');

    await user.click(screen.getByRole('radio', { name: 'A web address' }));
    await user.type(screen.getByTestId('translate-url'), 'https://example.com/talk.mp4');
    await user.click(screen.getByTestId('translate-start'));
    await waitFor(() =>
      expect(screen.getByTestId('translate-error').textContent).toContain(
        'Speech recognition needs a pack.',
      ),
    );
    expect((await screen.findByTestId('translate-error-install')).textContent).toContain(
      'Whisper small',
    );
    const posts = view.engine.requests.filter((r) => r.method === 'POST');
    expect(posts[1]?.body).toEqual({
      url: 'https://example.com/talk.mp4',
      target_language: 'de',
      source_language: 'en',
    });
  });

  it('tries a failed translation again and deletes one after confirming', async () => {
    const user = userEvent.setup();
    let list: SpeechTranslation[] = [
      translation('FAILED', 50, { error_message: 'The recording has no speech.' }),
    ];
    const view = renderPage({
      'GET /translation/languages': () => LANGUAGES,
      'GET /translation/translations': () => ({
        translations: list,
        total: list.length,
        skip: 0,
        limit: 20,
      }),
      'GET /translation/translations/{translation_job_id}': () =>
        list[0] ?? translation('FAILED', 50),
      'POST /translation/translations/{translation_job_id}/retry': () => {
        list = [translation('PROCESSING', 51)];
        return list[0] as SpeechTranslation;
      },
      'DELETE /translation/translations/{translation_job_id}': () => {
        list = [];
        return undefined;
      },
      'GET /jobs/{job_id}': (request) =>
        job(Number(request.params.job_id), 'running', 'recognize', 20),
    });
    await user.click(await screen.findByTestId('translate-retry-7'));
    const retry = view.engine.requests.find((r) => r.route.endsWith('/retry'));
    expect(retry?.params).toEqual({ translation_job_id: '7' });
    expect((await screen.findByTestId('translate-status')).textContent).toBe(
      'Listening to what is said · 20 %',
    );

    await user.click(screen.getByTestId('translate-delete-7'));
    expect(view.engine.requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('translate-delete-confirm'));
    await screen.findByText('No translations yet');
    expect(view.engine.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByTestId('translate-job')).toBeNull();
  });
});
