// Narration over real HTTP with the embedded eSpeak NG engine, real ffmpeg and SQLite
// (document 2, "Narration", rules 1–7; docs/api/narration.md): the whole book from `{}`, takes
// with their audio, the single narrate's `service` object and billing rule 4, locked lines,
// rights, progress, cancel keeping finished audio, and statuses.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../engine/src/audio/index.ts';
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
      'The lighthouse keeper climbed the stairs slowly, counting each step as he went.',
      'At the top he wiped the glass and looked out over the restless sea.',
      'Somewhere beyond the horizon a ship was waiting for the morning light.',
    ],
  },
  {
    title: 'Chapter Two',
    paragraphs: [
      'The storm arrived before dawn and shook the windows of the little town.',
      'By noon the harbour was calm again, and the fishermen mended their nets.',
    ],
  },
];

interface Line {
  id: string;
  status: string;
  audio_key: string | null;
  duration_seconds: number | null;
  word_count: number;
  chapter_id: string;
}

async function book(attest = true): Promise<{ id: string; lines: Line[] }> {
  const project = await createProject(api, {
    title: 'Narration Test',
    selected_voice_id: EN_US,
    language: 'en-US',
  });
  const pasted = await paste(api, project.id, bookText(CHAPTERS));
  expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
  if (attest)
    expect((await api.post(`/audiobook/projects/${project.id}/rights-attestation`)).status).toBe(
      200,
    );
  const chapters = await api.get<{ chapters: { id: string }[] }>(
    `/audiobook/projects/${project.id}/chapters`,
  );
  const lines: Line[] = [];
  for (const chapter of chapters.body.chapters)
    lines.push(...((await paragraphsOf(api, project.id, chapter.id)) as unknown as Line[]));
  return { id: project.id, lines };
}

async function balance(): Promise<number> {
  const res = await api.get<{ credits_balance: number }>('/credits');
  return res.body.credits_balance;
}

describe('narration', () => {
  it('refuses narration before the rights attestation (400 RIGHTS_NOT_ATTESTED)', async () => {
    const { id } = await book(false);
    const res = await api.post<Json>(`/audiobook/projects/${id}/narration/batch`, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('RIGHTS_NOT_ATTESTED');
  });

  it('narrates the whole book from {}: every line gets a take with plausible audio', async () => {
    const { id, lines } = await book();
    const before = await balance();
    const res = await api.post<
      Json & { job_id: number; total_paragraphs: number; estimated_credits: number }
    >(`/audiobook/projects/${id}/narration/batch`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.total_paragraphs).toBe(lines.length);
    const job = await waitForJob(api, res.body.job_id, 120_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const project = await api.get<Json>(`/audiobook/projects/${id}`);
    expect(project.body.status).toBe('narrated');
    const ffmpeg = await engine.engine.services.ffmpeg.require();
    for (const line of lines) {
      const takes = await api.get<{
        active_take_id: string;
        takes: {
          take_id: string;
          audio_url: string;
          duration_seconds: number;
          voice_id: number;
          billing: string;
        }[];
      }>(`/audiobook/projects/${id}/paragraphs/${line.id}/takes`);
      expect(takes.body.takes).toHaveLength(1);
      const take = takes.body.takes[0];
      expect(take?.voice_id).toBe(EN_US);
      expect(take?.billing).toBe('billed');
      expect(takes.body.active_take_id).toBe(take?.take_id);
      // The signed URL serves the FLAC; its length matches the take; pace is 120–220 wpm.
      const audio = await fetch(`${engine.url}${take?.audio_url ?? ''}`);
      expect(audio.status).toBe(200);
      const file = path.join(engine.home, `check-${line.id}.flac`);
      fs.writeFileSync(file, Buffer.from(await audio.arrayBuffer()));
      const pcm = await decodeAudio(ffmpeg, file);
      const seconds = pcm.samples.length / pcm.sampleRate;
      expect(Math.abs(seconds - (take?.duration_seconds ?? 0))).toBeLessThan(0.05);
      const spoken = seconds - 0.8; // the default trailing silence
      const wpm = line.word_count / (spoken / 60);
      expect(wpm).toBeGreaterThan(120);
      expect(wpm).toBeLessThan(220);
    }
    const after = await balance();
    expect(before - after).toBe(res.body.estimated_credits);
    const progress = await api.get<
      Json & { completed: number; total_paragraphs: number; status: string }
    >(`/audiobook/projects/${id}/narration/progress`);
    expect(progress.body).toMatchObject({
      status: 'idle',
      completed: lines.length,
      total_paragraphs: lines.length,
      percent: 100,
    });
    // Nothing left: a second {} is an empty selection; include_completed re-renders a chapter.
    const again = await api.post<Json>(`/audiobook/projects/${id}/narration/batch`, {});
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('empty_selection');
  });

  it('bills the first take, not the first regeneration, and the second regeneration again (rule 4)', async () => {
    const { id, lines } = await book();
    const line = lines[0] as Line;
    const url = `/audiobook/projects/${id}/paragraphs/${line.id}/narrate`;
    const services: Json[] = [];
    const spent: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const before = await balance();
      const res = await api.post<{ task_id: number; status: string; service: Json }>(
        url,
        i === 1 ? { voice_id: EN_GB, speed: 1.5 } : {},
      );
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.status).toBe('queued');
      services.push(res.body.service);
      expect((await waitForJob(api, res.body.task_id)).status).toBe('completed');
      spent.push(before - (await balance()));
    }
    expect(services.map((s) => s.is_free_regen)).toEqual([false, true, false]);
    expect(services.map((s) => s.take_number_after)).toEqual([1, 2, 3]);
    expect(spent[0]).toBe(services[0]?.estimated_credits);
    expect(spent[1]).toBe(0);
    expect(spent[2]).toBe(spent[0]);
    const takes = await api.get<{
      takes: { take_number: number; voice_id: number; settings: Json; take_id: string }[];
      active_take_id: string;
    }>(`/audiobook/projects/${id}/paragraphs/${line.id}/takes`);
    expect(takes.body.takes.map((t) => t.take_number)).toEqual([1, 2, 3]);
    expect(takes.body.takes[1]).toMatchObject({ voice_id: EN_GB, settings: { speed: 1.5 } });
    // Pick take 2 back as the active one.
    const second = takes.body.takes[1]?.take_id ?? '';
    const picked = await api.post<Json>(
      `/audiobook/projects/${id}/paragraphs/${line.id}/takes/${second}/activate`,
    );
    expect(picked.status).toBe(200);
    const para = await api.get<Line>(`/audiobook/projects/${id}/paragraphs/${line.id}`);
    expect(para.body.audio_key).toBe(second);
  });

  it('refuses a locked paragraph with 409 and an unknown voice with 404', async () => {
    const { id, lines } = await book();
    const line = lines[1] as Line;
    await api.put(`/audiobook/projects/${id}/paragraphs/${line.id}`, { locked: true });
    const locked = await api.post(`/audiobook/projects/${id}/paragraphs/${line.id}/narrate`, {});
    expect(locked.status).toBe(409);
    const voice = await api.post<Json>(`/audiobook/projects/${id}/narration/batch`, {
      voice_id: 424242,
    });
    expect(voice.status).toBe(404);
    expect(voice.body.code).toBe('voice_not_found');
    const bad = await api.post(`/audiobook/projects/${id}/paragraphs/${line.id}/narrate`, {
      speed: 3,
    });
    expect(bad.status).toBe(400);
  });

  it('cancel keeps finished takes (billed), releases the rest, and returns lines to pending', async () => {
    const project = await createProject(api, { title: 'Long', selected_voice_id: EN_US });
    const many = Array.from(
      { length: 40 },
      (_, i) =>
        `Paragraph ${i + 1} tells of the long road north, the rain, and the inn at the end of it.`,
    );
    await paste(api, project.id, bookText([{ title: 'Chapter One', paragraphs: many }]));
    await api.post(`/audiobook/projects/${project.id}/rights-attestation`);
    const before = await balance();
    const res = await api.post<{ job_id: number; estimated_credits: number }>(
      `/audiobook/projects/${project.id}/narration/batch`,
      {},
    );
    expect(res.status).toBe(202);
    // Wait until a few lines are done, then cancel.
    for (;;) {
      const p = await api.get<{ completed: number }>(
        `/audiobook/projects/${project.id}/narration/progress`,
      );
      if (p.body.completed >= 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const cancel = await api.post<{ cancelled_job_ids: number[] }>(
      `/audiobook/projects/${project.id}/narration/cancel`,
    );
    expect(cancel.body.cancelled_job_ids).toEqual([res.body.job_id]);
    const job = await waitForJob(api, res.body.job_id);
    expect(job.status).toBe('cancelled');
    const chapters = await api.get<{ chapters: { id: string }[] }>(
      `/audiobook/projects/${project.id}/chapters`,
    );
    const lines = (await paragraphsOf(
      api,
      project.id,
      chapters.body.chapters[0]?.id ?? '',
    )) as unknown as Line[];
    const done = lines.filter((l) => l.status === 'completed');
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done.length).toBeLessThan(lines.length);
    expect(done.every((l) => l.audio_key !== null)).toBe(true);
    expect(lines.filter((l) => l.status !== 'completed').every((l) => l.status === 'pending')).toBe(
      true,
    );
    const spent = before - (await balance());
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(res.body.estimated_credits);
    const progress = await api.get<Json>(`/audiobook/projects/${project.id}/narration/progress`);
    expect(progress.body).toMatchObject({ status: 'idle', queued: 0, narrating: 0 });
  });

  it('removes a deleted book’s take audio from disk', async () => {
    const { id, lines } = await book();
    const res = await api.post<{ task_id: number }>(
      `/audiobook/projects/${id}/paragraphs/${lines[0]?.id ?? ''}/narrate`,
      {},
    );
    expect((await waitForJob(api, res.body.task_id)).status).toBe('completed');
    const folder = path.join(engine.home, 'narration', id);
    expect(fs.readdirSync(folder, { recursive: true }).length).toBeGreaterThan(0);
    expect((await api.delete(`/audiobook/projects/${id}`)).status).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('answers 410 for the removed narration/start', async () => {
    const { id } = await book();
    expect((await api.post(`/audiobook/projects/${id}/narration/start`)).status).toBe(410);
  });
});
