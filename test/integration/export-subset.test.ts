// Exporting a chapter subset (issue 14; docs/api/export.md, `chapter_ids`) over real HTTP: a
// three-chapter book with the middle chapter not narrated is refused whole (409 naming chapter 2),
// exported as chapters 1 and 3 (the ZIP, manifest, M4B, status rows, retail sample and price
// cover only those), and exported whole once chapter 2 is skipped through the chapter route.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
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
const EN_US = new StandardVoices().resolve('en-us')?.id ?? 0;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
});
afterAll(async () => {
  await engine.stop();
});

const CHAPTERS = ['One', 'Two', 'Three'].map((n) => ({
  title: `Chapter ${n}`,
  paragraphs: [
    `The tide came in for chapter ${n.toLowerCase()} and the boats rose gently at their moorings.`,
    'A gull called twice from the harbour wall and then was silent.',
  ],
}));

/** Names of a ZIP's entries, from its central directory. */
function entryNames(data: Buffer): string[] {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const names: string[] = [];
  let at = data.readUInt32LE(end + 16);
  for (let i = 0; i < data.readUInt16LE(end + 10); i++) {
    const nameLength = data.readUInt16LE(at + 28);
    names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return names.sort();
}

function entry(data: Buffer, name: string): Buffer {
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = data.readUInt32LE(end + 16);
  for (let i = 0; i < data.readUInt16LE(end + 10); i++) {
    const nameLength = data.readUInt16LE(at + 28);
    const offset = data.readUInt32LE(at + 42);
    if (data.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = offset + 30 + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
      const raw = data.subarray(start, start + data.readUInt32LE(at + 20));
      return data.readUInt16LE(at + 10) === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
    }
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  throw new Error(`${name} not in the ZIP`);
}

async function download(projectId: string, jobId: number): Promise<Buffer> {
  const res = await api.get<{ url: string }>(
    `/audiobook/projects/${projectId}/export/${jobId}/download`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Buffer.from(await (await fetch(res.body.url)).arrayBuffer());
}

describe('export of a chapter subset', () => {
  it('refuses the unready book, exports the chosen chapters, and the whole book once skipped', async () => {
    const project = await createProject(api, {
      title: 'Three Tides',
      author: 'Ada Writer',
      narrator: 'Test Narrator',
      selected_voice_id: EN_US,
      language: 'en-US',
    });
    const id = project.id;
    expect((await paste(api, id, bookText(CHAPTERS))).status).toBe(200);
    expect((await api.post(`/audiobook/projects/${id}/rights-attestation`)).status).toBe(200);
    const [one, two, three] = await chaptersOf(api, id);
    const batch = await api.post<{ job_id: number }>(`/audiobook/projects/${id}/narration/batch`, {
      chapter_ids: [one!.id, three!.id],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(202);
    expect((await waitForJob(api, batch.body.job_id, 120_000)).status).toBe('completed');

    const whole = await api.post<{
      code: string;
      chapters: { chapter_id: string; chapter_number: number }[];
    }>(`/audiobook/projects/${id}/export`, {});
    expect(whole.status).toBe(409);
    expect(whole.body.code).toBe('export_not_ready');
    expect(whole.body.chapters.map((c) => [c.chapter_id, c.chapter_number])).toEqual([
      [two!.id, 2],
    ]);
    // A subset naming the unnarrated chapter: 409 naming it.
    const unready = await api.post<{
      code: string;
      chapters: { chapter_number: number }[];
    }>(`/audiobook/projects/${id}/export`, { chapter_ids: [one!.id, two!.id] });
    expect(unready.status).toBe(409);
    expect(unready.body.chapters.map((c) => c.chapter_number)).toEqual([2]);
    // Unknown ids, an empty list, a retail sample outside the subset: 4xx with a code.
    const stranger = '00000000-0000-4000-8000-000000000000';
    const unknown = await api.post<{ code: string; chapter_ids: string[] }>(
      `/audiobook/projects/${id}/export`,
      { chapter_ids: [one!.id, stranger] },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect(unknown.body.chapter_ids).toEqual([stranger]);
    const none = await api.post<{ code: string }>(`/audiobook/projects/${id}/export`, {
      chapter_ids: [stranger],
    });
    expect([none.status, none.body.code]).toEqual([400, 'bad_request']);
    const empty = await api.post<{ code: string }>(`/audiobook/projects/${id}/export`, {
      chapter_ids: [],
    });
    expect([empty.status, empty.body.code]).toEqual([400, 'empty_selection']);
    const sample = await api.post<{ code: string }>(`/audiobook/projects/${id}/export`, {
      chapter_ids: [three!.id],
      retail_sample_chapter: 1,
    });
    expect([sample.status, sample.body.code]).toEqual([400, 'validation_error']);
    // A line of chapter one edited after narration: exported with its earlier audio, and said.
    const [edited] = await paragraphsOf(api, id, one!.id);
    const put = await api.put(`/audiobook/projects/${id}/paragraphs/${edited?.id ?? ''}`, {
      text: `${edited?.text ?? ''} Changed.`,
    });
    expect(put.body).toMatchObject({ audio_stale: true, stale_reason: 'text' });
    const balance = async () =>
      (await api.get<{ credits_balance: number }>('/credits')).body.credits_balance;
    const before = await balance();

    const started = await api.post<{ job_id: number; chapters: number; estimated_credits: number }>(
      `/audiobook/projects/${id}/export`,
      { chapter_ids: [three!.id, one!.id], format: 'm4b' },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.chapters).toBe(2);
    expect(started.body.estimated_credits).toBeGreaterThan(0);
    const job = await waitForJob(api, started.body.job_id, 300_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    // Priced on the chosen chapters: the credits, "Chapter One." and "Chapter Three." read.
    expect(before - (await balance())).toBe(started.body.estimated_credits);
    const status = await api.get<{
      chapters: { title: string; chapter_number: number | null }[];
      report: { passed: boolean }[];
      warnings: string[];
    }>(`/audiobook/projects/${id}/export/${job.id}/status`);
    const staleWarning =
      '1 line changed since narration; the package carries their earlier audio: Chapter One (1). ' +
      'Re-narrate the changed lines to update them.';
    expect(status.body.warnings).toContain(staleWarning);
    expect((job.result as { warnings: string[] }).warnings).toContain(staleWarning);
    expect(status.body.chapters.map((c) => c.chapter_number)).toEqual([null, 1, 3, null]);
    expect(status.body.report.every((r) => r.passed)).toBe(true);
    const zip = await download(id, job.id);
    expect(entryNames(zip)).toEqual(
      [
        '01 - Opening Credits.mp3',
        '02 - Chapter One.mp3',
        '03 - Chapter Three.mp3',
        '04 - Closing Credits.mp3',
        'Retail Sample.mp3',
        'Three Tides.m4b',
        'metadata.json',
      ].sort(),
    );
    const manifest = JSON.parse(entry(zip, 'metadata.json').toString('utf8')) as {
      warnings: string[];
      chapters: { chapter_number: number | null }[];
      retail_sample: { chapter_number: number };
    };
    expect(manifest.chapters.map((c) => c.chapter_number)).toEqual([null, 1, 3, null]);
    expect(manifest.retail_sample.chapter_number).toBe(1);
    expect(manifest.warnings).toContain(staleWarning);

    // One-click skip (the studio's): chapter 2 skipped through the chapter route, then the whole
    // book exports without chapter_ids.
    const skip = await api.put(`/audiobook/projects/${id}/chapters/${two!.id}`, {
      skip_narration: true,
    });
    expect(skip.status, JSON.stringify(skip.body)).toBe(200);
    const again = await api.post<{ job_id: number; chapters: number }>(
      `/audiobook/projects/${id}/export`,
      { narrate_credits: false },
    );
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.chapters).toBe(2);
    expect((await waitForJob(api, again.body.job_id, 300_000)).status).toBe('completed');
    expect(entryNames(await download(id, again.body.job_id))).toEqual(
      [
        '01 - Chapter One.mp3',
        '02 - Chapter Three.mp3',
        'Retail Sample.mp3',
        'metadata.json',
      ].sort(),
    );
  }, 600_000);
});
