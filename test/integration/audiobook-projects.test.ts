// Audiobook projects over real HTTP (document 2, "Projects"): the Project body, list pagination
// and search, updates, deletion, the rights attestation, the cost estimate, the dashboard,
// ownership, scopes and the removed routes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postJson, registerUser, type TestUser } from '../helpers/accounts.ts';
import {
  bookText,
  client,
  createProject,
  paste,
  type Client,
  type Json,
} from '../helpers/audiobook.ts';
import { prose } from '../helpers/book-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';

/** Real catalog voice ids (voice ids are checked against the catalog). */
const VOICE = new StandardVoices().resolve('en-us')?.id ?? 0;

let engine: TestEngine;
let owner: Client;
let alice: TestUser;
let aliceApi: Client;
let bobApi: Client;

beforeAll(async () => {
  engine = await startEngine();
  owner = client(engine, engine.token);
  alice = await registerUser(engine);
  aliceApi = client(engine, alice.tokens.access_token);
  bobApi = client(engine, (await registerUser(engine)).tokens.access_token);
});

afterAll(async () => {
  await engine.stop();
});

const PROJECT_FIELDS = [
  'id',
  'title',
  'author',
  'description',
  'isbn',
  'genre',
  'status',
  'total_chapters',
  'chapters',
  'parsing_completed_at',
  'error_message',
  'selected_voice_id',
  'language',
  'multi_voice',
  'created_at',
  'updated_at',
  'total_words',
  'total_characters',
  'estimated_duration_minutes',
  'source_filename',
  'source_file_type',
  'rights_attested_at',
  'narration_started_at',
  'narration_completed_at',
  'production_completed_at',
  'speed',
  'stale_paragraphs',
  'narration_style',
  'narrator',
  'publisher',
  'export_format',
  'target_platform',
];

describe('POST /audiobook/projects', () => {
  it('refuses a narrator voice that is not in the catalog (404 voice_not_found)', async () => {
    const res = await aliceApi.post('/audiobook/projects', { title: 'X', selected_voice_id: 7 });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('voice_not_found');
  });

  it('creates a project with the contract’s fields and defaults', async () => {
    const res = await aliceApi.post('/audiobook/projects', {
      title: 'The Harbour',
      author: 'Ada Writer',
      selected_voice_id: VOICE,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...PROJECT_FIELDS].sort());
    expect(res.body).toMatchObject({
      title: 'The Harbour',
      author: 'Ada Writer',
      description: '',
      status: 'draft',
      total_chapters: 0,
      chapters: null,
      parsing_completed_at: null,
      error_message: null,
      selected_voice_id: VOICE,
      language: 'en-US',
      multi_voice: false,
      speed: 1,
      narration_style: 'narrative',
      export_format: 'acx',
      target_platform: 'audible',
      total_words: 0,
      estimated_duration_minutes: 0,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the style, format, platform, speed and language fields', async () => {
    const res = await aliceApi.post('/audiobook/projects', {
      title: 'Styled',
      speed: 1.25,
      narration_style: 'conversational',
      export_format: 'acx',
      target_platform: 'apple_books',
      language: 'it-it',
      multi_voice: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      speed: 1.25,
      narration_style: 'conversational',
      target_platform: 'apple_books',
      language: 'it-IT',
      multi_voice: true,
    });
  });

  it('refuses a missing title, a speed out of 0.5–2.0 and unknown platforms with 400', async () => {
    for (const body of [
      {},
      { title: '   ' },
      { title: 'x', speed: 2.5 },
      { title: 'x', speed: 0.4 },
      { title: 'x', target_platform: 'myspace' },
      { title: 'x', selected_voice_id: 'seven' },
      { title: 'x', language: 'english please' },
    ]) {
      const res = await aliceApi.post('/audiobook/projects', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});

describe('GET /audiobook/projects', () => {
  let api: Client;
  beforeAll(async () => {
    const user = await registerUser(engine);
    api = client(engine, user.tokens.access_token);
    for (let i = 1; i <= 25; i += 1) {
      await createProject(api, {
        title: i === 3 ? 'Moby Dick' : `Book ${String(i).padStart(2, '0')}`,
        author: i === 5 ? 'Herman MELVILLE' : 'Someone',
      });
    }
  });

  it('pages with page 1 and per_page 20 by default', async () => {
    const res = await api.get<{ projects: Json[] } & Json>('/audiobook/projects');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 25,
      page: 1,
      per_page: 20,
      has_next: true,
      has_prev: false,
    });
    expect(res.body.projects).toHaveLength(20);
    const second = await api.get<{ projects: Json[] } & Json>('/audiobook/projects?page=2');
    expect(second.body).toMatchObject({ total: 25, page: 2, has_next: false, has_prev: true });
    expect(second.body.projects).toHaveLength(5);
  });

  it('answers an empty page past the end', async () => {
    const res = await api.get<{ projects: Json[] } & Json>(
      '/audiobook/projects?page=9&per_page=10',
    );
    expect(res.status).toBe(200);
    expect(res.body.projects).toEqual([]);
    expect(res.body).toMatchObject({ total: 25, page: 9, has_next: false, has_prev: true });
  });

  it('refuses per_page outside 1–100 and page below 1 with 400', async () => {
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=-1', 'per_page=abc']) {
      const res = await api.get(`/audiobook/projects?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await api.get('/audiobook/projects?per_page=100')).status).toBe(200);
    expect((await api.get('/audiobook/projects?per_page=1')).status).toBe(200);
  });

  it('ignores skip and limit', async () => {
    const res = await api.get<{ projects: Json[] } & Json>('/audiobook/projects?skip=10&limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, per_page: 20 });
    expect(res.body.projects).toHaveLength(20);
  });

  it('filters by title or author, case-insensitively', async () => {
    const byTitle = await api.get<{ projects: Json[] } & Json>('/audiobook/projects?search=moby');
    expect(byTitle.body.total).toBe(1);
    expect(byTitle.body.projects[0]?.title).toBe('Moby Dick');
    const byAuthor = await api.get<{ projects: Json[] } & Json>(
      '/audiobook/projects?search=melville',
    );
    expect(byAuthor.body.total).toBe(1);
    expect(byAuthor.body.projects[0]?.author).toBe('Herman MELVILLE');
    const literal = await api.get<{ projects: Json[] } & Json>('/audiobook/projects?search=%25');
    expect(literal.body.total).toBe(0);
  });

  it('lists only the caller’s projects', async () => {
    const res = await bobApi.get<{ projects: Json[] } & Json>('/audiobook/projects');
    expect(res.body.total).toBe(0);
  });
});

describe('one project', () => {
  it('reads with chapters only when include_chapters=true', async () => {
    const project = await createProject(aliceApi, { title: 'Chaptered' });
    const text = bookText([
      { title: 'Chapter 1', paragraphs: prose('Dover', 3) },
      { title: 'Chapter 2', paragraphs: prose('Calais', 2) },
    ]);
    expect((await paste(aliceApi, project.id, text)).status).toBe(200);
    const plain = await aliceApi.get(`/audiobook/projects/${project.id}`);
    expect(plain.body.chapters).toBeNull();
    expect(plain.body.total_chapters).toBe(2);
    const full = await aliceApi.get<{ chapters: Json[] } & Json>(
      `/audiobook/projects/${project.id}?include_chapters=true`,
    );
    expect(full.body.chapters).toHaveLength(2);
    expect(full.body.chapters[0]).toMatchObject({ project_id: project.id, chapter_number: 1 });
    const off = await aliceApi.get(`/audiobook/projects/${project.id}?include_chapters=false`);
    expect(off.body.chapters).toBeNull();
  });

  it('changes fields with PUT and keeps the rest', async () => {
    const project = await createProject(aliceApi, { title: 'Before', author: 'A' });
    const res = await aliceApi.put(`/audiobook/projects/${project.id}`, {
      title: 'After',
      genre: 'Mystery',
      selected_voice_id: null,
      speed: 0.5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'After', author: 'A', genre: 'Mystery', speed: 0.5 });
    expect(res.body.selected_voice_id).toBeNull();
    expect((await aliceApi.put(`/audiobook/projects/${project.id}`, { speed: 3 })).status).toBe(
      400,
    );
  });

  it('switches multi_voice with PUT', async () => {
    const project = await createProject(aliceApi);
    const on = await aliceApi.put(`/audiobook/projects/${project.id}`, { multi_voice: true });
    expect(on.body.multi_voice).toBe(true);
    const off = await aliceApi.put(`/audiobook/projects/${project.id}`, { multi_voice: false });
    expect(off.body.multi_voice).toBe(false);
  });

  it('deletes with 204, after which it is 404 and gone from the list', async () => {
    const project = await createProject(aliceApi, { title: 'Doomed' });
    expect((await paste(aliceApi, project.id, 'Chapter 1\n\nSome text here.')).status).toBe(200);
    const del = await aliceApi.delete(`/audiobook/projects/${project.id}`);
    expect(del.status).toBe(204);
    expect((await aliceApi.get(`/audiobook/projects/${project.id}`)).status).toBe(404);
    expect((await aliceApi.delete(`/audiobook/projects/${project.id}`)).status).toBe(404);
  });

  it('answers 404 for another user’s project on every verb, and for unknown ids', async () => {
    const project = await createProject(aliceApi, { title: 'Private' });
    expect((await bobApi.get(`/audiobook/projects/${project.id}`)).status).toBe(404);
    expect((await bobApi.put(`/audiobook/projects/${project.id}`, { title: 'Mine' })).status).toBe(
      404,
    );
    expect((await bobApi.delete(`/audiobook/projects/${project.id}`)).status).toBe(404);
    // Ownership is checked before the body: a bad body is still 404 for another user.
    expect((await bobApi.put(`/audiobook/projects/${project.id}`, { speed: 99 })).status).toBe(404);
    expect((await aliceApi.get(`/audiobook/projects/${randomUUID()}`)).status).toBe(404);
    expect((await aliceApi.get('/audiobook/projects/not-a-uuid')).status).toBe(400);
    const still = await aliceApi.get(`/audiobook/projects/${project.id}`);
    expect(still.body.title).toBe('Private');
  });
});

describe('rights attestation, cost estimate, dashboard', () => {
  it('attests once and keeps the first time', async () => {
    const project = await createProject(aliceApi);
    const first = await aliceApi.post(`/audiobook/projects/${project.id}/rights-attestation`);
    expect(first.status).toBe(200);
    expect(first.body.ok).toBe(true);
    expect(typeof first.body.rights_attested_at).toBe('string');
    const second = await aliceApi.post(`/audiobook/projects/${project.id}/rights-attestation`);
    expect(second.body.rights_attested_at).toBe(first.body.rights_attested_at);
    const read = await aliceApi.get(`/audiobook/projects/${project.id}`);
    expect(read.body.rights_attested_at).toBe(first.body.rights_attested_at);
  });

  it('estimates minutes from words at 155 wpm and prices them at 0.04 USD per minute', async () => {
    const project = await createProject(aliceApi);
    // 1550 words → 10 minutes → 0.40 USD → 3000 credits at 7500 credits per USD.
    const words = Array.from({ length: 1550 }, (_, i) => `word${i}`).join(' ');
    expect((await paste(aliceApi, project.id, `Chapter 1\n\n${words}`)).status).toBe(200);
    const res = await aliceApi.get(`/audiobook/projects/${project.id}/cost-estimate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      project_id: project.id,
      total_words: 1550,
      words_per_minute: 155,
      speed: 1,
      estimated_minutes: 10,
      price_usd_per_minute: 0.04,
      estimated_cost_usd: 0.4,
      credits_per_usd: 7500,
      estimated_credits: 3000,
      remaining_words: 1550,
      remaining_cost_usd: 0.4,
    });
    expect(res.body.total_characters).toBeGreaterThan(1550 * 5);
    // Twice the speed, half the runtime and half the price.
    await aliceApi.put(`/audiobook/projects/${project.id}`, { speed: 2 });
    const fast = await aliceApi.get(`/audiobook/projects/${project.id}/cost-estimate`);
    expect(fast.body).toMatchObject({ estimated_minutes: 5, estimated_cost_usd: 0.2 });
  });

  it('sums the caller’s books on the dashboard', async () => {
    const user = await registerUser(engine);
    const api = client(engine, user.tokens.access_token);
    const empty = await api.get('/audiobook/dashboard');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total_projects: 0, total_words: 0, recent_projects: [] });
    const a = await createProject(api, { title: 'A' });
    await createProject(api, { title: 'B' });
    await paste(api, a.id, bookText([{ title: 'Chapter 1', paragraphs: prose('Oslo', 2) }]));
    const res = await api.get<{ recent_projects: Json[]; projects_by_status: Json } & Json>(
      '/audiobook/dashboard',
    );
    expect(res.body.total_projects).toBe(2);
    expect(res.body.projects_by_status).toEqual({ draft: 1, ready_for_narration: 1 });
    expect(res.body.total_chapters).toBe(1);
    expect(res.body.total_words).toBeGreaterThan(20);
    expect(res.body.recent_projects).toHaveLength(2);
  });
});

describe('API keys and removed routes', () => {
  it('needs audiobook:read to read and audiobook:write to write', async () => {
    const keyRes = await postJson(
      engine,
      '/auth/api-keys',
      { name: 'reader', scopes: ['audiobook:read'] },
      bearer(alice.tokens.access_token),
    );
    const reader = client(engine, {
      apiKey: ((await keyRes.json()) as { api_key: string }).api_key,
    });
    expect((await reader.get('/audiobook/projects')).status).toBe(200);
    const denied = await reader.post('/audiobook/projects', { title: 'Nope' });
    expect(denied.status).toBe(403);
    expect(denied.body.required_scope).toBe('audiobook:write');
  });

  it('answers 410 Gone with the replacement on narration/start and chapter regenerate', async () => {
    const project = await createProject(owner);
    const start = await owner.post(`/audiobook/projects/${project.id}/narration/start`);
    expect(start.status).toBe(410);
    expect(start.body.code).toBe('gone');
    expect(String(start.body.replacement)).toContain('narration/batch');
    const regen = await owner.post(
      `/audiobook/projects/${project.id}/chapters/${randomUUID()}/regenerate`,
    );
    expect(regen.status).toBe(410);
    expect(String(regen.body.replacement)).toContain('include_completed');
  });
});
