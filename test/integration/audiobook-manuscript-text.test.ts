// Manuscripts from text over real HTTP (document 2, "Manuscript"): paste, and generate through a
// real local OpenAI-compatible chat endpoint. Uploads and parsing: audiobook-manuscript.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postJson, registerUser } from '../helpers/accounts.ts';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paste,
  type Client,
} from '../helpers/audiobook.ts';
import { prose } from '../helpers/book-fixtures.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { NO_MODEL } from '../helpers/language-model.ts';

let engine: TestEngine;
let chat: ChatServer;
let api: Client;

beforeAll(async () => {
  chat = await startChatServer();
  engine = await startEngine({ llmUrl: chat.url });
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
  await chat.stop();
});

describe('POST .../manuscript/paste', () => {
  it('answers the book’s totals at once', async () => {
    const project = await createProject(api);
    const text = bookText([
      { title: 'Chapter 1', paragraphs: prose('Lisbon', 3) },
      { title: 'Chapter 2', paragraphs: prose('Porto', 3) },
    ]);
    const res = await paste(api, project.id, text, { source: 'clipboard' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      project_id: project.id,
      status: 'ready_for_narration',
      total_chapters: 2,
    });
    expect(Number(res.body.total_words)).toBeGreaterThan(60);
    expect(Number(res.body.estimated_duration_minutes)).toBeCloseTo(
      Number(res.body.total_words) / 155,
      1,
    );
    const after = await api.get(`/audiobook/projects/${project.id}`);
    expect(after.body).toMatchObject({ source_filename: 'clipboard', source_file_type: 'txt' });
    expect(typeof after.body.parsing_completed_at).toBe('string');
  });

  it('refuses empty text with 400 and changes nothing', async () => {
    const project = await createProject(api);
    for (const text of ['', '   \n\n  ']) {
      const res = await paste(api, project.id, text);
      expect(res.status).toBe(400);
    }
    expect((await paste(api, project.id, undefined as unknown as string)).status).toBe(400);
    expect((await api.get(`/audiobook/projects/${project.id}`)).body).toMatchObject({
      status: 'draft',
      total_chapters: 0,
    });
  });

  it('409s on a book that has chapters, unless reparse or append says what to do', async () => {
    const project = await createProject(api);
    await paste(api, project.id, bookText([{ title: 'Chapter 1', paragraphs: prose('A', 2) }]));
    const again = bookText([{ title: 'Chapter 1', paragraphs: prose('B', 2) }]);
    expect((await paste(api, project.id, again)).status).toBe(409);
    expect((await paste(api, project.id, again, { append: true })).body.total_chapters).toBe(2);
    expect((await paste(api, project.id, again, { reparse: true })).body.total_chapters).toBe(1);
    expect((await paste(api, project.id, again, { reparse: true, append: true })).status).toBe(400);
  });

  it('detects speakers by default for the studio and not for API keys', async () => {
    const text = bookText([{ title: 'Chapter 1', paragraphs: prose('Nice', 6) }]);
    const studio = await createProject(api);
    expect((await paste(api, studio.id, text)).body.speakers_detected).toBeGreaterThan(0);
    const user = await registerUser(engine);
    const keyRes = await postJson(
      engine,
      '/auth/api-keys',
      { name: 'k', scopes: ['audiobook:*'] },
      bearer(user.tokens.access_token),
    );
    const keyApi = client(engine, {
      apiKey: ((await keyRes.json()) as { api_key: string }).api_key,
    });
    const viaKey = await createProject(keyApi);
    expect((await paste(keyApi, viaKey.id, text)).body.speakers_detected).toBe(0);
    const forced = await createProject(keyApi);
    expect(
      (await paste(keyApi, forced.id, text, { multi_voice: true })).body.speakers_detected,
    ).toBeGreaterThan(0);
  });
});

describe('POST .../manuscript/generate', () => {
  it('writes the book through the chat endpoint with the documented defaults', async () => {
    const project = await createProject(api, { title: 'Generated' });
    const before = chat.requests.length;
    const res = await api.post(`/audiobook/projects/${project.id}/manuscript/generate`, {
      prompt: 'A lighthouse keeper befriends a seal.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total_chapters: 3, status: 'ready_for_narration' });
    // (Background speaker detection of earlier tests may talk to the endpoint meanwhile.)
    const requests = chat.requests
      .slice(before)
      .filter((r) => /Plan this book|Write chapter/.test(r.messages.at(-1)?.content ?? ''));
    expect(requests).toHaveLength(4);
    expect(requests[0]?.model).toBe('test-model');
    expect(requests[0]?.messages.at(-1)?.content).toContain('Tone: warm');
    expect(requests[1]?.messages.at(-1)?.content).toContain('about 600 words');
    const chapters = await chaptersOf(api, project.id);
    expect(chapters.map((c) => c.title)).toEqual(['Tide 1', 'Tide 2', 'Tide 3']);
  });

  it('honours chapter count, words per chapter, tone and audience', async () => {
    const project = await createProject(api);
    const before = chat.requests.length;
    const generation = () =>
      chat.requests
        .slice(before)
        .filter((r) => /Plan this book|Write chapter/.test(r.messages.at(-1)?.content ?? ''));
    const res = await api.post(`/audiobook/projects/${project.id}/manuscript/generate`, {
      prompt: 'Space pirates',
      chapter_count: 2,
      words_per_chapter: 300,
      tone: 'playful',
      audience: 'children',
    });
    expect(res.body.total_chapters).toBe(2);
    const outline = generation()[0]?.messages.at(-1)?.content ?? '';
    expect(outline).toContain('Tone: playful');
    expect(outline).toContain('Audience: children');
    expect(generation()[1]?.messages.at(-1)?.content).toContain('about 300 words');
    for (const body of [
      {},
      { prompt: 'x', chapter_count: 0 },
      { prompt: 'x', words_per_chapter: 5 },
    ]) {
      expect(
        (await api.post(`/audiobook/projects/${project.id}/manuscript/generate`, body)).status,
      ).toBe(400);
    }
  });

  it('answers 503 when the endpoint fails, and changes nothing', async () => {
    const project = await createProject(api);
    const answer = chat.answer;
    chat.answer = () => ({ status: 500 });
    try {
      const res = await api.post(`/audiobook/projects/${project.id}/manuscript/generate`, {
        prompt: 'x',
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('service_unavailable');
    } finally {
      chat.answer = answer;
    }
    expect((await api.get(`/audiobook/projects/${project.id}`)).body.total_chapters).toBe(0);
  });

  it('answers 503 naming the pack to install without a language model', async () => {
    const bare = await startEngine({ llmUrl: null, llm: { ...NO_MODEL } });
    try {
      const bareApi = client(bare, bare.token);
      const project = await createProject(bareApi);
      const res = await bareApi.post(`/audiobook/projects/${project.id}/manuscript/generate`, {
        prompt: 'x',
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'model_not_installed', capability: 'language-model' });
      expect(String(res.body.detail)).toMatch(/needs the “.+” pack, which is not installed/);
      expect(await chaptersOf(bareApi, project.id)).toEqual([]);
    } finally {
      await bare.stop();
    }
  });
});
