// Chapters and paragraphs over real HTTP (document 2, "Chapters and paragraphs", "Paragraph",
// "Limits"): chapter pagination, the opt-in paragraph pagination rule, edits, locking (409),
// skip_narration in the counts, deletion and retry-failed-paragraphs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/accounts.ts';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
  type Json,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';

/** Real catalog voice ids (voice ids are checked against the catalog). */
const VOICE_A = new StandardVoices().resolve('en-us')?.id ?? 0;
const VOICE_B = new StandardVoices().resolve('en-gb-x-rp')?.id ?? 0;
const VOICE_C = new StandardVoices().resolve('fr')?.id ?? 0;

let engine: TestEngine;
let api: Client;
let bob: Client;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
  bob = client(engine, (await registerUser(engine)).tokens.access_token);
});

afterAll(async () => {
  await engine.stop();
});

/** A pasted book: `chapters` chapters of `paragraphs` numbered paragraphs each. */
async function book(chapters: number, paragraphs: number): Promise<string> {
  const project = await createProject(api);
  const text = bookText(
    Array.from({ length: chapters }, (_, c) => ({
      title: `Chapter ${c + 1}`,
      paragraphs: Array.from(
        { length: paragraphs },
        (_, p) =>
          `Paragraph ${p + 1} of chapter ${c + 1} tells of the sea and the wind and the long grey shore.`,
      ),
    })),
  );
  const res = await paste(api, project.id, text, { detect_speakers: false });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.total_chapters).toBe(chapters);
  return project.id;
}

describe('GET .../chapters', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await book(7, 2);
  });

  it('lists by chapter_number with page 1 and per_page 50 by default', async () => {
    const res = await api.get<{ chapters: Json[] } & Json>(
      `/audiobook/projects/${projectId}/chapters`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 7,
      page: 1,
      per_page: 50,
      has_next: false,
      has_prev: false,
    });
    expect(res.body.chapters.map((c) => c.chapter_number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(res.body.chapters[0]).toMatchObject({
      project_id: projectId,
      status: 'pending',
      voice_id: null,
      skip_narration: false,
      kind: 'chapter',
      paragraph_count: 2,
    });
    expect(res.body.chapters[0]).not.toHaveProperty('text');
  });

  it('pages, answers past the end, ignores skip/limit and bounds per_page to 1–500', async () => {
    const page2 = await api.get<{ chapters: Json[] } & Json>(
      `/audiobook/projects/${projectId}/chapters?page=2&per_page=3`,
    );
    expect(page2.body.chapters.map((c) => c.chapter_number)).toEqual([4, 5, 6]);
    expect(page2.body).toMatchObject({ has_next: true, has_prev: true, total: 7 });
    const past = await api.get<{ chapters: Json[] } & Json>(
      `/audiobook/projects/${projectId}/chapters?page=5&per_page=3`,
    );
    expect(past.body.chapters).toEqual([]);
    expect(past.body).toMatchObject({ has_next: false, has_prev: true, total: 7 });
    const skip = await api.get<{ chapters: Json[] } & Json>(
      `/audiobook/projects/${projectId}/chapters?skip=5&limit=1`,
    );
    expect(skip.body.chapters).toHaveLength(7);
    for (const q of ['per_page=0', 'per_page=501', 'page=0']) {
      expect((await api.get(`/audiobook/projects/${projectId}/chapters?${q}`)).status, q).toBe(400);
    }
    expect((await api.get(`/audiobook/projects/${projectId}/chapters?per_page=500`)).status).toBe(
      200,
    );
  });
});

describe('GET .../chapters/{chapter_id}/paragraphs (opt-in pagination)', () => {
  let projectId: string;
  let chapterId: string;
  beforeAll(async () => {
    projectId = await book(1, 120);
    chapterId = (await chaptersOf(api, projectId))[0]?.id ?? '';
  });
  const url = (query = ''): string =>
    `/audiobook/projects/${projectId}/chapters/${chapterId}/paragraphs${query}`;

  it('returns every paragraph with page and per_page null when neither is sent', async () => {
    const res = await api.get<{ paragraphs: Json[] } & Json>(url());
    expect(res.status).toBe(200);
    expect(res.body.paragraphs).toHaveLength(120);
    expect(res.body).toMatchObject({
      total: 120,
      page: null,
      per_page: null,
      has_next: false,
      has_prev: false,
    });
    expect(res.body.paragraphs.map((p) => p.position)).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
  });

  it('uses per_page 50 when only page is sent, and page 1 when only per_page is', async () => {
    const page = await api.get<{ paragraphs: Json[] } & Json>(url('?page=2'));
    expect(page.body).toMatchObject({
      total: 120,
      page: 2,
      per_page: 50,
      has_next: true,
      has_prev: true,
    });
    expect(page.body.paragraphs).toHaveLength(50);
    expect(page.body.paragraphs[0]?.position).toBe(51);
    const perPage = await api.get<{ paragraphs: Json[] } & Json>(url('?per_page=200'));
    expect(perPage.body).toMatchObject({
      total: 120,
      page: 1,
      per_page: 200,
      has_next: false,
      has_prev: false,
    });
    expect(perPage.body.paragraphs).toHaveLength(120);
    const last = await api.get<{ paragraphs: Json[] } & Json>(url('?page=3'));
    expect(last.body.paragraphs).toHaveLength(20);
    expect(last.body.has_next).toBe(false);
  });

  it('answers an empty page past the end with the full total', async () => {
    const res = await api.get<{ paragraphs: Json[] } & Json>(url('?page=4&per_page=50'));
    expect(res.status).toBe(200);
    expect(res.body.paragraphs).toEqual([]);
    expect(res.body).toMatchObject({ total: 120, has_next: false, has_prev: true });
  });

  it('refuses per_page outside 1–200 and page below 1 with 400; ignores skip/limit', async () => {
    for (const q of ['?per_page=0', '?per_page=201', '?page=0', '?page=x']) {
      expect((await api.get(url(q))).status, q).toBe(400);
    }
    const skip = await api.get<{ paragraphs: Json[] } & Json>(url('?skip=10&limit=5'));
    expect(skip.body.paragraphs).toHaveLength(120);
    expect(skip.body.page).toBeNull();
  });
});

describe('a chapter', () => {
  it('reads with its text, changes with PUT and 404s for others and unknown ids', async () => {
    const projectId = await book(2, 3);
    const [first] = await chaptersOf(api, projectId);
    const id = first?.id ?? '';
    const read = await api.get(`/audiobook/projects/${projectId}/chapters/${id}`);
    expect(read.status).toBe(200);
    expect(String(read.body.text)).toContain('Paragraph 1 of chapter 1');
    const put = await api.put(`/audiobook/projects/${projectId}/chapters/${id}`, {
      title: 'Prologue',
      skip_narration: true,
      voice_id: VOICE_A,
      narration_notes: 'Slow, hushed.',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      title: 'Prologue',
      skip_narration: true,
      voice_id: VOICE_A,
      narration_notes: 'Slow, hushed.',
      estimated_duration_minutes: 0,
    });
    const released = await api.put(`/audiobook/projects/${projectId}/chapters/${id}`, {
      voice_id: null,
    });
    expect(released.body.voice_id).toBeNull();
    expect((await bob.get(`/audiobook/projects/${projectId}/chapters/${id}`)).status).toBe(404);
    expect(
      (await api.get(`/audiobook/projects/${projectId}/chapters/${randomUUID()}`)).status,
    ).toBe(404);
    const other = await book(1, 1);
    expect((await api.get(`/audiobook/projects/${other}/chapters/${id}`)).status).toBe(404);
  });

  it('leaves a skipped chapter out of the book’s word count', async () => {
    const projectId = await book(2, 3);
    const before = (await api.get(`/audiobook/projects/${projectId}`)).body;
    const [first] = await chaptersOf(api, projectId);
    await api.put(`/audiobook/projects/${projectId}/chapters/${first?.id ?? ''}`, {
      skip_narration: true,
    });
    const after = (await api.get(`/audiobook/projects/${projectId}`)).body;
    expect(Number(after.total_words)).toBeCloseTo(Number(before.total_words) / 2, 0);
    expect(after.total_chapters).toBe(2);
  });

  it('deletes a chapter and renumbers the rest; 409 while a line is locked', async () => {
    const projectId = await book(3, 2);
    const chapters = await chaptersOf(api, projectId);
    const middle = chapters[1]?.id ?? '';
    const [line] = await paragraphsOf(api, projectId, middle);
    await api.put(`/audiobook/projects/${projectId}/paragraphs/${line?.id ?? ''}`, {
      locked: true,
    });
    expect((await api.delete(`/audiobook/projects/${projectId}/chapters/${middle}`)).status).toBe(
      409,
    );
    await api.put(`/audiobook/projects/${projectId}/paragraphs/${line?.id ?? ''}`, {
      locked: false,
    });
    expect((await api.delete(`/audiobook/projects/${projectId}/chapters/${middle}`)).status).toBe(
      204,
    );
    const after = await chaptersOf(api, projectId);
    expect(after.map((c) => [c.title, c.chapter_number])).toEqual([
      ['Chapter 1', 1],
      ['Chapter 3', 2],
    ]);
    expect(
      (await api.get(`/audiobook/projects/${projectId}/paragraphs/${line?.id ?? ''}`)).status,
    ).toBe(404);
  });
});

describe('a paragraph', () => {
  let projectId: string;
  let chapterId: string;
  let lines: (Json & { id: string; text: string })[];
  beforeAll(async () => {
    projectId = await book(1, 4);
    chapterId = (await chaptersOf(api, projectId))[0]?.id ?? '';
    lines = await paragraphsOf(api, projectId, chapterId);
  });
  const url = (id: string): string => `/audiobook/projects/${projectId}/paragraphs/${id}`;

  it('has the contract’s fields', async () => {
    const res = await api.get(url(lines[0]?.id ?? ''));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: lines[0]?.id,
      chapter_id: chapterId,
      project_id: projectId,
      position: 1,
      voice_id: null,
      character_name: '',
      direction: '',
      status: 'pending',
      locked: false,
      skip_narration: false,
      error_message: '',
      speaker_cleared: false,
    });
    expect(res.body.word_count).toBe(17);
    expect(res.body.character_count).toBe(lines[0]?.text.length);
  });

  it('sets and releases voice_id, sets and clears character_name', async () => {
    const id = lines[1]?.id ?? '';
    expect((await api.put(url(id), { voice_id: VOICE_B })).body.voice_id).toBe(VOICE_B);
    const unknown = await api.put(url(id), { voice_id: 42 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('voice_not_found');
    expect((await api.put(url(id), { voice_id: null })).body.voice_id).toBeNull();
    const named = await api.put(url(id), { character_name: 'Captain Ahab' });
    expect(named.body).toMatchObject({ character_name: 'Captain Ahab', speaker_cleared: false });
    const cleared = await api.put(url(id), { character_name: '' });
    expect(cleared.body).toMatchObject({ character_name: '', speaker_cleared: true });
    expect((await api.put(url(id), { character_name: 'x'.repeat(121) })).status).toBe(400);
    expect((await api.put(url(id), { character_name: 'x'.repeat(120) })).status).toBe(200);
  });

  it('accepts a 500-character direction and refuses 501', async () => {
    const id = lines[2]?.id ?? '';
    const ok = await api.put(url(id), { direction: 'd'.repeat(500) });
    expect(ok.status).toBe(200);
    expect(String(ok.body.direction)).toHaveLength(500);
    expect((await api.put(url(id), { direction: 'd'.repeat(501) })).status).toBe(400);
  });

  it('recounts words and characters when the text changes', async () => {
    const id = lines[3]?.id ?? '';
    const res = await api.put(url(id), { text: 'Call me Ishmael.' });
    expect(res.body).toMatchObject({
      text: 'Call me Ishmael.',
      word_count: 3,
      character_count: 16,
      status: 'pending',
      audio_stale: false,
      stale_reason: null,
    });
    expect((await api.put(url(id), { text: '   ' })).status).toBe(400);
  });

  it('refuses every edit of a locked paragraph with 409 until it is unlocked', async () => {
    const id = lines[0]?.id ?? '';
    expect((await api.put(url(id), { locked: true })).body.locked).toBe(true);
    for (const body of [
      { text: 'Changed' },
      { voice_id: VOICE_C },
      { character_name: 'Someone' },
      { direction: 'louder' },
      { skip_narration: true },
      { locked: true, text: 'Changed' },
    ]) {
      const res = await api.put(url(id), body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.code).toBe('conflict');
    }
    expect((await api.get(url(id))).body.text).toBe(lines[0]?.text);
    expect((await api.put(url(id), { locked: false })).body.locked).toBe(false);
    expect((await api.put(url(id), { direction: 'louder' })).status).toBe(200);
  });

  it('leaves skip_narration paragraphs out of the counts', async () => {
    const fresh = await book(1, 2);
    const chapter = (await chaptersOf(api, fresh))[0];
    const [a] = await paragraphsOf(api, fresh, chapter?.id ?? '');
    const before = (await api.get(`/audiobook/projects/${fresh}/chapters/${chapter?.id ?? ''}`))
      .body;
    await api.put(`/audiobook/projects/${fresh}/paragraphs/${a?.id ?? ''}`, {
      skip_narration: true,
    });
    const after = (await api.get(`/audiobook/projects/${fresh}/chapters/${chapter?.id ?? ''}`))
      .body;
    expect(after.word_count).toBe(Number(before.word_count) - Number(a?.word_count));
    expect(after.paragraph_count).toBe(2);
    const project = (await api.get(`/audiobook/projects/${fresh}`)).body;
    expect(project.total_words).toBe(after.word_count);
  });

  it('404s another user’s paragraph and a paragraph of another project', async () => {
    const id = lines[0]?.id ?? '';
    expect((await bob.get(url(id))).status).toBe(404);
    expect((await bob.put(url(id), { locked: 'not a boolean' })).status).toBe(404);
    const other = await book(1, 1);
    expect((await api.get(`/audiobook/projects/${other}/paragraphs/${id}`)).status).toBe(404);
  });
});

describe('a narrated line whose text is edited', () => {
  // Its audio is kept and read as stale (narration-stale.test.ts narrates real takes for that).
  it('keeps its audio, and the chapter and book keep saying what audio they hold', async () => {
    const projectId = await book(1, 3);
    const chapterId = (await chaptersOf(api, projectId))[0]?.id ?? '';
    const lines = await paragraphsOf(api, projectId, chapterId);
    // Narration (a later feature) makes takes; here the line-state owner plays it.
    const { books } = engine.engine.services;
    for (const line of lines)
      books.repos.chapters.updateLineState(line.id, {
        status: 'completed',
        audioKey: `take-${line.id}`,
        durationSeconds: 2,
      });
    books.status.linesChanged(projectId, [chapterId]);
    const chapterUrl = `/audiobook/projects/${projectId}/chapters/${chapterId}`;
    expect((await api.get(chapterUrl)).body).toMatchObject({ status: 'completed' });
    const projectUrl = `/audiobook/projects/${projectId}`;
    expect((await api.get(projectUrl)).body.status).toBe('narrated');
    const id = lines[1]?.id ?? '';
    const res = await api.put(`/audiobook/projects/${projectId}/paragraphs/${id}`, {
      text: 'Call me Ishmael.',
    });
    expect(res.body).toMatchObject({ status: 'completed', audio_key: `take-${id}`, word_count: 3 });
    expect((await api.get(chapterUrl)).body).toMatchObject({ status: 'completed' });
    expect((await api.get(projectUrl)).body.status).toBe('narrated');
  });
});

describe('POST .../retry-failed-paragraphs', () => {
  it('is a job that puts failed lines back to pending, skipping locked ones', async () => {
    const projectId = await book(1, 3);
    const chapterId = (await chaptersOf(api, projectId))[0]?.id ?? '';
    const lines = await paragraphsOf(api, projectId, chapterId);
    // Narration (a later feature) records failures; here the repository plays it.
    const { chapters } = engine.engine.services.books.repos;
    chapters.updateLineState(lines[0]?.id ?? '', {
      status: 'failed',
      errorMessage: 'voice crashed',
    });
    chapters.updateLineState(lines[1]?.id ?? '', {
      status: 'failed',
      errorMessage: 'voice crashed',
      locked: true,
    });
    const res = await api.post(
      `/audiobook/projects/${projectId}/chapters/${chapterId}/retry-failed-paragraphs`,
    );
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ chapter_id: chapterId, failed_paragraphs: 2 });
    const job = await waitForJob(api, Number(res.body.job_id));
    expect(job).toMatchObject({ type: 'audiobook_retry_failed', status: 'completed' });
    expect(job.result).toEqual({ paragraphs_requeued: 1, locked_skipped: 1 });
    const after = await paragraphsOf(api, projectId, chapterId);
    expect(after[0]).toMatchObject({ status: 'pending', error_message: '', retry_count: 1 });
    expect(after[1]).toMatchObject({ status: 'failed', locked: true });
  });
});
