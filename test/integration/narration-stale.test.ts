// Stale audio over real HTTP with the embedded eSpeak NG engine, real ffmpeg and SQLite
// (docs/api/narration.md, "Stale audio"): a narrated line whose text, speaker, voice or
// direction changes keeps its audio and says why it is stale; chapters and the progress route
// count them; narration/batch with only_stale re-narrates exactly those lines and clears them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import {
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  bookText,
  type Client,
  type Json,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

let engine: TestEngine;
let api: Client;

const EN_US = new StandardVoices().resolve('en-us')?.id ?? 0;
const EN_GB = new StandardVoices().resolve('en-gb-x-rp')?.id ?? 0;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
});
afterAll(async () => {
  await engine.stop();
});

const CHAPTERS = [
  {
    title: 'Chapter One',
    paragraphs: [
      'The keeper climbed the stairs.',
      'He wiped the glass.',
      'A ship was waiting.',
      'The light turned slowly.',
    ],
  },
  { title: 'Chapter Two', paragraphs: ['The storm arrived.', 'The harbour was calm.'] },
];

interface Line extends Json {
  id: string;
  status: string;
  audio_stale: boolean;
  stale_reason: string | null;
  chapter_id: string;
}

interface Progress {
  stale_paragraphs: number;
  completed: number;
  chapters: { chapter_id: string; stale_paragraphs: number }[];
}

describe('stale audio', () => {
  it('names what changed after narration, counts it and re-narrates only those lines', async () => {
    const project = await createProject(api, {
      title: 'Stale Test',
      selected_voice_id: EN_US,
      language: 'en-US',
    });
    const id = project.id;
    expect((await paste(api, id, bookText(CHAPTERS))).status).toBe(200);
    expect((await api.post(`/audiobook/projects/${id}/rights-attestation`)).status).toBe(200);
    const chapters = (
      await api.get<{ chapters: { id: string }[] }>(`/audiobook/projects/${id}/chapters`)
    ).body.chapters.map((c) => c.id);
    const [one = '', two = ''] = chapters;
    const lines = [
      ...((await paragraphsOf(api, id, one)) as unknown as Line[]),
      ...((await paragraphsOf(api, id, two)) as unknown as Line[]),
    ];
    const first = await api.post<{ job_id: number }>(
      `/audiobook/projects/${id}/narration/batch`,
      {},
    );
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect((await waitForJob(api, first.body.job_id, 120_000)).status).toBe('completed');
    const progress = (): Promise<Progress> =>
      api.get<Progress>(`/audiobook/projects/${id}/narration/progress`).then((r) => r.body);
    expect((await progress()).stale_paragraphs).toBe(0);

    const put = (line: Line | undefined, body: Json) =>
      api.put<Line>(`/audiobook/projects/${id}/paragraphs/${line?.id ?? ''}`, body);
    const edits: [Json, string][] = [
      [{ text: 'The keeper ran up the stairs.' }, 'text'],
      [{ character_name: 'Keeper' }, 'speaker'],
      [{ direction: 'whispered' }, 'direction'],
      [{ voice_id: EN_GB }, 'voice'],
    ];
    for (const [index, [body, reason]] of edits.entries()) {
      const res = await put(lines[index], body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The audio is kept (the contract: a new voice waits for the next narration), and named.
      expect(res.body).toMatchObject({
        status: 'completed',
        audio_stale: true,
        stale_reason: reason,
      });
    }
    const untouched = await api.get<Line>(`/audiobook/projects/${id}/paragraphs/${lines[4]?.id}`);
    expect(untouched.body).toMatchObject({ audio_stale: false, stale_reason: null });
    const listed = (await paragraphsOf(api, id, one)) as unknown as Line[];
    expect(listed.map((p) => p.stale_reason)).toEqual(['text', 'speaker', 'direction', 'voice']);
    const chapterOne = await api.get<Json>(`/audiobook/projects/${id}/chapters/${one}`);
    expect(chapterOne.body).toMatchObject({ status: 'completed', stale_paragraphs: 4 });
    const list = await api.get<{ chapters: { id: string; stale_paragraphs: number }[] }>(
      `/audiobook/projects/${id}/chapters`,
    );
    expect(list.body.chapters.map((c) => c.stale_paragraphs)).toEqual([4, 0]);
    // The project body counts them too, alone and in the library list (issue 28).
    const book = await api.get<Json>(`/audiobook/projects/${id}`);
    expect(book.body).toMatchObject({ stale_paragraphs: 4 });
    const library = await api.get<{ projects: { id: string; stale_paragraphs: number }[] }>(
      `/audiobook/projects`,
    );
    expect(library.body.projects.find((p) => p.id === id)?.stale_paragraphs).toBe(4);
    const before = await progress();
    expect(before).toMatchObject({ stale_paragraphs: 4, completed: 6 });
    expect(before.chapters.map((c) => c.stale_paragraphs)).toEqual([4, 0]);

    const again = await api.post<{ job_id: number; total_paragraphs: number; skipped: Json }>(
      `/audiobook/projects/${id}/narration/batch`,
      { only_stale: true },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.total_paragraphs).toBe(4);
    expect(again.body.skipped).toMatchObject({ not_stale: 2 });
    expect((await waitForJob(api, again.body.job_id, 120_000)).status).toBe('completed');
    expect((await progress()).stale_paragraphs).toBe(0);
    expect((await api.get<Json>(`/audiobook/projects/${id}`)).body).toMatchObject({
      stale_paragraphs: 0,
    });
    const after = (await paragraphsOf(api, id, one)) as unknown as Line[];
    expect(after.every((p) => !p.audio_stale && p.status === 'completed')).toBe(true);
    const takes = await api.get<{ takes: { voice_id: number; voice_name: string | null }[] }>(
      `/audiobook/projects/${id}/paragraphs/${lines[3]?.id}/takes`,
    );
    expect(takes.body.takes.map((t) => t.voice_id)).toEqual([EN_US, EN_GB]);
    // Takes name their voices (the studio showed "Voice #516146868" for a voice it had not listed).
    const names = takes.body.takes.map((t) => t.voice_name);
    expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(2);
    // Untouched lines kept their one take.
    const kept = await api.get<{ takes: unknown[] }>(
      `/audiobook/projects/${id}/paragraphs/${lines[5]?.id}/takes`,
    );
    expect(kept.body.takes).toHaveLength(1);
    const none = await api.post<Json>(`/audiobook/projects/${id}/narration/batch`, {
      only_stale: true,
    });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('empty_selection');
  });
});
