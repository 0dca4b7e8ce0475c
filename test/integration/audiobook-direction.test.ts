// Auto Direction over real HTTP with no language model (document 2, "Direction"; issue 14):
// a brief, then a performance note and an emotion per paragraph from reporting verbs,
// punctuation and scene words; locked lines kept; free; latest and status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

let engine: TestEngine;
let api: Client;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
});

const LINES = [
  'The crypt was dark, and the shadows of the dead lay over the blood on the stones.',
  '“Come closer,” she whispered.',
  '“Get out of my house!” he shouted.',
  '“I lost him,” she sobbed. “I lost him for ever.”',
  '“Are you coming?” asked Tom.',
  'He walked to the shop and bought bread.',
];

interface Status {
  status: string;
  chapter_ids: string[];
  result: {
    brief: string;
    paragraphs_directed: number;
    skipped_paragraphs: number;
    emotions: Record<string, number>;
    method: string;
  } | null;
}

describe('Auto Direction', () => {
  it('writes a brief and a note and emotion per paragraph, keeping locked lines, for free', async () => {
    const project = await createProject(api, { title: 'The Crypt', author: 'Ada Writer' });
    await paste(api, project.id, bookText([{ title: 'Chapter 1', paragraphs: LINES }]), {
      detect_speakers: false,
    });
    const chapterId = (await chaptersOf(api, project.id))[0]?.id ?? '';
    const before = await paragraphsOf(api, project.id, chapterId);
    const base = `/audiobook/projects/${project.id}`;
    await api.put(`${base}/paragraphs/${before[5]?.id ?? ''}`, {
      direction: 'my own',
      locked: true,
    });
    expect((await api.get(`${base}/direction/auto/latest`)).status).toBe(404);
    expect((await api.post(`${base}/direction/auto`, { chapter_ids: [] })).status).toBe(400);

    const started = await api.post<{ job_id: string } & Record<string, unknown>>(
      `${base}/direction/auto`,
      {},
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({
      chapters_in_scope: 1,
      paragraphs_in_scope: 5,
      estimated_credits: 0,
      method: 'heuristic',
    });
    await waitForJob(api, started.body.job_id);
    const status = await api.get<Status>(`${base}/direction/auto/${started.body.job_id}/status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ status: 'COMPLETED', chapter_ids: [chapterId] });
    expect(status.body.result).toMatchObject({
      method: 'heuristic',
      paragraphs_directed: 5,
      skipped_paragraphs: 1,
    });
    expect(status.body.result?.brief).toContain('The Crypt');
    const latest = await api.get<Status>(`${base}/direction/auto/latest`);
    expect(latest.body).toEqual(status.body);

    const lines = await paragraphsOf(api, project.id, chapterId);
    expect(lines.map((l) => l.emotion)).toEqual([
      'mysterious',
      'whisper',
      'shout',
      'sad',
      'calm',
      null,
    ]);
    expect(String(lines[1]?.direction)).toMatch(/^whispered/);
    expect(String(lines[4]?.direction)).toMatch(/questioning/);
    for (const line of lines.slice(0, 5)) {
      expect(String(line.direction).length).toBeLessThanOrEqual(110);
    }
    // The locked line keeps the caller's direction.
    expect(lines[5]).toMatchObject({ direction: 'my own', locked: true });
  });
});
