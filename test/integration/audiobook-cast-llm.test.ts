// The cast's language-model work over real HTTP (document 2, "Character voices (cast)"): LLM
// speaker detection through a real local OpenAI-compatible endpoint, the audiobook.cast.detected
// event, and screenplay annotation. Heuristic detection, assign and alias: audiobook-cast.test.ts.
import { describe, expect, it } from 'vitest';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Json,
} from '../helpers/audiobook.ts';
import { startEngine } from '../helpers/engine.ts';
import { NO_MODEL } from '../helpers/language-model.ts';
import {
  engine,
  chat,
  api,
  DIALOGUE,
  type Member,
  dialogueBook,
  cast,
  useCastEngine,
} from '../helpers/audiobook-cast-suite.ts';

useCastEngine();

describe('LLM speaker detection', () => {
  it('runs as a job, reports its status and fires audiobook.cast.detected', async () => {
    const hook = await api.post('/webhooks/endpoints', {
      url: 'http://127.0.0.1:1027/cast-hook',
      events: ['audiobook.cast.detected'],
    });
    expect(hook.status).toBe(201);
    const book = await dialogueBook();
    const res = await api.post<{ members: Member[] } & Json>(
      `/audiobook/projects/${book.id}/cast/detect?method=llm`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ method: 'llm', detected_paragraphs: 0 });
    expect(typeof res.body.job_id).toBe('string');
    const job = await waitForJob(api, String(res.body.job_id));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const status = await api.get(
      `/audiobook/projects/${book.id}/cast/detect/${String(res.body.job_id)}/status`,
    );
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      job_id: res.body.job_id,
      status: 'COMPLETED',
      progress: 100,
      error_message: null,
      result: {
        paragraphs_attributed: 3,
        characters: ['Anna', 'Marco'],
        aliases_added: 0,
        voices_picked: 0,
        targets: 5,
      },
    });
    const lines = await paragraphsOf(api, book.id, book.lines[0]?.chapter_id as string);
    expect(lines.map((l) => l.character_name)).toEqual(['', 'Anna', 'Marco', '', 'Anna']);
    // The event went to the subscribed endpoint (a stored delivery).
    const deliveries = await api.get<{ deliveries: { event_type: string; payload: Json }[] }>(
      `/webhooks/endpoints/${String(hook.body.id)}/deliveries`,
    );
    const event = deliveries.body.deliveries.find(
      (d) => d.event_type === 'audiobook.cast.detected',
    );
    expect(event?.payload).toMatchObject({
      project_id: book.id,
      method: 'llm',
      status: 'completed',
    });
  });

  it('runs the context-reading pass after an import when character voices are on (rule 8)', async () => {
    const text = bookText([{ title: 'Chapter 1', paragraphs: DIALOGUE }]);
    const off = await createProject(api);
    expect((await paste(api, off.id, text)).body.detection_job_id).toBeNull();
    const on = await createProject(api);
    const res = await paste(api, on.id, text, { multi_voice: true, detect_speakers: false });
    expect(res.status).toBe(200);
    expect(typeof res.body.detection_job_id).toBe('string');
    const job = await waitForJob(api, String(res.body.detection_job_id));
    expect(job).toMatchObject({ type: 'audiobook_cast_detection', status: 'completed' });
    const { members } = await cast(on.id);
    expect(members.map((m) => m.character_name)).toEqual([null, 'Anna', 'Marco']);
  });

  it('409s while a detection runs and shows PENDING/PROCESSING meanwhile', async () => {
    const book = await dialogueBook();
    let release = (): void => {};
    chat.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = await api.post(`/audiobook/projects/${book.id}/cast/detect?method=llm`);
      expect(first.status).toBe(200);
      const second = await api.post(`/audiobook/projects/${book.id}/cast/detect?method=llm`);
      expect(second.status).toBe(409);
      const status = await api.get(
        `/audiobook/projects/${book.id}/cast/detect/${String(first.body.job_id)}/status`,
      );
      expect(['PENDING', 'PROCESSING']).toContain(status.body.status);
      expect(status.body.result).toBeNull();
      release();
      await waitForJob(api, String(first.body.job_id));
    } finally {
      release();
      chat.gate = null;
    }
  });

  it('fails cleanly when the endpoint errors, keeping the book', async () => {
    const book = await dialogueBook();
    const answer = chat.answer;
    chat.answer = () => ({ status: 500 });
    try {
      const res = await api.post(`/audiobook/projects/${book.id}/cast/detect?method=llm`);
      const job = await waitForJob(api, String(res.body.job_id));
      expect(job.status).toBe('failed');
      const status = await api.get(
        `/audiobook/projects/${book.id}/cast/detect/${String(res.body.job_id)}/status`,
      );
      expect(status.body.status).toBe('FAILED');
      expect(String(status.body.error_message)).toMatch(/language model/);
    } finally {
      chat.answer = answer;
    }
    expect((await paragraphsOf(api, book.id, book.lines[0]?.chapter_id as string)).length).toBe(5);
  });

  it('404s a status for another book’s or a non-detection job', async () => {
    const book = await dialogueBook();
    const other = await dialogueBook();
    const res = await api.post(`/audiobook/projects/${other.id}/cast/detect?method=llm`);
    await waitForJob(api, String(res.body.job_id));
    expect(
      (
        await api.get(
          `/audiobook/projects/${book.id}/cast/detect/${String(res.body.job_id)}/status`,
        )
      ).status,
    ).toBe(404);
    expect((await api.get(`/audiobook/projects/${book.id}/cast/detect/999999/status`)).status).toBe(
      404,
    );
  });

  it('answers 400 over the word limit', async () => {
    const project = await createProject(api);
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const text = bookText(
      Array.from({ length: 4 }, (_, c) => ({
        title: `Chapter ${c + 1}`,
        paragraphs: Array.from({ length: 51 }, () => words),
      })),
    );
    const pasted = await paste(api, project.id, text, { detect_speakers: false });
    expect(Number(pasted.body.total_words)).toBeGreaterThan(200_000);
    const res = await api.post(`/audiobook/projects/${project.id}/cast/detect?method=llm`);
    expect(res.status).toBe(400);
    expect(res.body.word_limit).toBe(200_000);
  });

  it('answers 503 naming the pack for method=llm without a language model, and annotates without one', async () => {
    const bare = await startEngine({ llmUrl: null, llm: { ...NO_MODEL } });
    try {
      const bareApi = client(bare, bare.token);
      const project = await createProject(bareApi);
      const res = await bareApi.post(`/audiobook/projects/${project.id}/cast/detect?method=llm`);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'model_not_installed', capability: 'language-model' });
      expect(String(res.body.detail)).toMatch(/needs the “.+” pack, which is not installed/);
      const mixed = [
        'Anna looked at the sea. “We should leave before the tide turns,” said Anna. She pulled her coat tight.',
        'The gulls wheeled over the harbour in long slow circles above the boats.',
      ];
      await paste(bareApi, project.id, bookText([{ title: 'Chapter 1', paragraphs: mixed }]), {
        detect_speakers: false,
      });
      const chapterId = (await chaptersOf(bareApi, project.id))[0]?.id ?? '';
      const before = await paragraphsOf(bareApi, project.id, chapterId);
      await bareApi.put(`/audiobook/projects/${project.id}/paragraphs/${before[1]?.id ?? ''}`, {
        locked: true,
      });
      // Rule 10 with no model: the context reading splits the mixed paragraph.
      const annotate = await bareApi.post(`/audiobook/projects/${project.id}/screenplay/annotate`);
      expect(annotate.status, JSON.stringify(annotate.body)).toBe(202);
      expect(annotate.body).toMatchObject({ chapters_in_scope: 1, paragraphs_in_scope: 1 });
      await waitForJob(bareApi, String(annotate.body.job_id));
      const status = await bareApi.get(
        `/audiobook/projects/${project.id}/screenplay/annotate/${String(annotate.body.job_id)}/status`,
      );
      expect(status.body).toMatchObject({
        status: 'COMPLETED',
        paragraphs_split: 1,
        speakers: ['Anna'],
        skipped_paragraphs: 0,
      });
      const lines = await paragraphsOf(bareApi, project.id, chapterId);
      expect(lines.map((l) => [l.text, l.character_name])).toEqual([
        ['Anna looked at the sea.', ''],
        ['“We should leave before the tide turns,”', 'Anna'],
        ['said Anna. She pulled her coat tight.', ''],
        [mixed[1], ''],
      ]);
      // The first line keeps the id; the locked line is untouched.
      expect(lines[0]?.id).toBe(before[0]?.id);
      expect(lines[3]).toMatchObject({ id: before[1]?.id, locked: true });
    } finally {
      await bare.stop();
    }
  });
});

describe('screenplay annotation', () => {
  const MIXED = [
    'Anna looked at the sea. “We should leave before the tide turns,” said Anna. She pulled her coat tight.',
    'The gulls wheeled over the harbour in long slow circles above the boats.',
  ];

  async function mixedBook(): Promise<{
    id: string;
    chapterId: string;
    lines: (Json & { id: string; text: string })[];
  }> {
    const project = await createProject(api);
    await paste(api, project.id, bookText([{ title: 'Chapter 1', paragraphs: MIXED }]), {
      detect_speakers: false,
    });
    const chapterId = (await chaptersOf(api, project.id))[0]?.id ?? '';
    return { id: project.id, chapterId, lines: await paragraphsOf(api, project.id, chapterId) };
  }

  it('splits mixed paragraphs, keeps the first id, and reports its counts', async () => {
    const book = await mixedBook();
    await api.put(`/audiobook/projects/${book.id}/paragraphs/${book.lines[1]?.id ?? ''}`, {
      direction: 'my own direction',
    });
    const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ chapters_in_scope: 1, paragraphs_in_scope: 2 });
    await waitForJob(api, String(res.body.job_id));
    const status = await api.get(
      `/audiobook/projects/${book.id}/screenplay/annotate/${String(res.body.job_id)}/status`,
    );
    expect(status.body).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      chapters_processed: 1,
      paragraphs_split: 1,
      speakers: ['Anna'],
      skipped_paragraphs: 0,
    });
    const lines = await paragraphsOf(api, book.id, book.chapterId);
    expect(lines.map((l) => [l.text, l.character_name])).toEqual([
      ['Anna looked at the sea.', ''],
      ['“We should leave before the tide turns,”', 'Anna'],
      ['said Anna. She pulled her coat tight.', ''],
      [MIXED[1], ''],
    ]);
    expect(lines[0]?.id).toBe(book.lines[0]?.id);
    expect(lines[3]?.id).toBe(book.lines[1]?.id);
    expect(lines.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect(lines[1]?.direction).toBe('warmly');
    // A direction the caller wrote is kept.
    expect(lines[3]?.direction).toBe('my own direction');
    expect(lines[0]?.status).toBe('pending');
  });

  it('cuts lines from the text itself and keeps only speakers from the character list', async () => {
    const book = await mixedBook();
    const answer = chat.answer;
    // A model that names someone the book's list does not have: the rules' speaker stays.
    chat.answer = (request) => {
      const prompt = request.messages.at(-1)?.content ?? '';
      const labels = [...prompt.matchAll(/⟦(Q\d+)⟧/g)].map((m) => m[1] ?? '');
      return JSON.stringify(
        Object.fromEntries(
          labels.map((l) => [l, { speaker: 'Gull', confidence: 'high', direction: 'shrill' }]),
        ),
      );
    };
    try {
      const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
      await waitForJob(api, String(res.body.job_id));
      const status = await api.get(
        `/audiobook/projects/${book.id}/screenplay/annotate/${String(res.body.job_id)}/status`,
      );
      expect(status.body).toMatchObject({
        skipped_paragraphs: 0,
        paragraphs_split: 1,
        speakers: ['Anna'],
      });
    } finally {
      chat.answer = answer;
    }
    const lines = await paragraphsOf(api, book.id, book.chapterId);
    expect(lines.map((l) => l.text).join(' ')).toBe(MIXED.join(' '));
    expect(lines[1]).toMatchObject({ character_name: 'Anna', direction: 'shrill' });
  });

  it('never sends locked lines and rewrites hand-set names on the others', async () => {
    const book = await mixedBook();
    const url = (i: number): string =>
      `/audiobook/projects/${book.id}/paragraphs/${book.lines[i]?.id ?? ''}`;
    await api.put(url(0), { locked: true });
    await api.put(url(1), { character_name: 'Hand Set' });
    const before = chat.requests.length;
    const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
    expect(res.body.paragraphs_in_scope).toBe(1);
    await waitForJob(api, String(res.body.job_id));
    const sent = chat.requests
      .slice(before)
      .map((r) => r.messages.at(-1)?.content ?? '')
      .join('\n');
    expect(sent).not.toContain('Anna looked at the sea');
    expect((await api.get(url(1))).body.character_name).toBe('');
    expect((await api.get(url(0))).body.text).toBe(MIXED[0]);
  });

  it('answers empty_selection, 400 when nothing matches, and 409 while one runs', async () => {
    const book = await mixedBook();
    const empty = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {
      chapter_ids: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('empty_selection');
    const other = await mixedBook();
    const none = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {
      chapter_ids: [other.chapterId],
    });
    expect(none.status).toBe(400);
    let release = (): void => {};
    chat.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {
        chapter_ids: [book.chapterId],
      });
      expect(first.status).toBe(202);
      expect(
        (await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {})).status,
      ).toBe(409);
      const status = await api.get(
        `/audiobook/projects/${book.id}/screenplay/annotate/${String(first.body.job_id)}/status`,
      );
      expect(['PENDING', 'PROCESSING']).toContain(status.body.status);
      release();
      await waitForJob(api, String(first.body.job_id));
    } finally {
      release();
      chat.gate = null;
    }
  });

  it('409s when a paragraph in scope is being narrated', async () => {
    const book = await mixedBook();
    engine.engine.services.books.repos.chapters.updateLineState(book.lines[1]?.id ?? '', {
      status: 'narrating',
    });
    const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
    expect(res.status).toBe(409);
  });
});
