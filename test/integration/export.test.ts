// ACX export over real HTTP (issue 7; docs/api/export.md): a small book narrated with eSpeak NG,
// exported, the ZIP downloaded through its signed URL and unpacked here, and every file checked
// by ffmpeg's own astats/ebur128/framecrc run by the test (test/helpers/acx-independent.ts, no
// exporter code): RMS, true peak, noise floor, 44.1 kHz mono 192 kbps CBR, head/tail room tone,
// the retail sample's length, the manifest's hashes, tags and the M4B's chapters. Then "check my
// files" and "master my files" on the real LibriVox chapters.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import { independentCheck } from '../helpers/acx-independent.ts';
import {
  bookText,
  client,
  createProject,
  fileForm,
  paste,
  waitForJob,
  type Client,
  type Json,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData } from '../helpers/requirements.ts';

let engine: TestEngine;
let api: Client;
let ffmpeg: string;

const EN_US = new StandardVoices().resolve('en-us')?.id ?? 0;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
  ffmpeg = (await engine.engine.services.ffmpeg.require()).path;
});
afterAll(async () => {
  await engine.stop();
});

const CHAPTERS = [
  {
    title: 'Chapter One',
    paragraphs: [
      'The lighthouse keeper climbed the stairs slowly, counting each step as he went.',
      'At the top he wiped the glass and looked out over the restless sea, where the gulls were circling.',
      'Somewhere beyond the horizon a ship was waiting for the morning light to guide it home.',
    ],
  },
  {
    title: 'Chapter Two',
    paragraphs: [
      'The storm arrived before dawn and shook the windows of the little town.',
      'By noon the harbour was calm again, and the fishermen mended their nets in the pale sun.',
    ],
  },
];

/** Reads a ZIP (stored or deflated entries) from its central directory. */
function unzip(data: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extra = data.readUInt16LE(at + 30);
    const comment = data.readUInt16LE(at + 32);
    const offset = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    const start = offset + 30 + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
    const raw = data.subarray(start, start + size);
    files.set(name, method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

function image(name: string, size: string): Buffer {
  const file = path.join(engine.home, name);
  const result = spawnSync(ffmpeg, [
    ...['-hide_banner', '-y', '-f', 'lavfi', '-i', `color=c=0x336699:s=${size}`],
    ...['-frames:v', '1', file],
  ]);
  expect(result.status, String(result.stderr)).toBe(0);
  return fs.readFileSync(file);
}

async function narratedBook(title = 'The Keeper'): Promise<string> {
  const project = await createProject(api, {
    title,
    author: 'Ada Writer',
    narrator: 'Test Narrator',
    publisher: 'Harbour Press',
    selected_voice_id: EN_US,
    language: 'en-US',
  });
  expect((await paste(api, project.id, bookText(CHAPTERS))).status).toBe(200);
  expect((await api.post(`/audiobook/projects/${project.id}/rights-attestation`)).status).toBe(200);
  const batch = await api.post<{ job_id: number }>(
    `/audiobook/projects/${project.id}/narration/batch`,
    {},
  );
  expect(batch.status, JSON.stringify(batch.body)).toBe(202);
  expect((await waitForJob(api, batch.body.job_id, 120_000)).status).toBe('completed');
  return project.id;
}

interface FileReport {
  file: string;
  kind: string;
  passed: boolean;
  violations: { rule: string; message: string }[];
}

describe('ACX export', () => {
  it('exports a narrated book whose every file passes an independent ffmpeg check', async () => {
    const id = await narratedBook();
    const cover = await api.form<{ id: string }>(
      `/audiobook/projects/${id}/media/upload`,
      fileForm(image('cover.png', '2400x2400'), 'cover.png', { kind: 'cover' }),
    );
    expect(cover.status, JSON.stringify(cover.body)).toBe(201);
    const started = await api.post<Json & { job_id: number; chapters: number }>(
      `/audiobook/projects/${id}/export`,
      // The narrator is the project's (issue 14), not the voice's name.
      { format: 'm4b', subtitle: 'A Tale of the Sea' },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.chapters).toBe(2);
    // A second export or a narration while this one runs: 409.
    expect((await api.post(`/audiobook/projects/${id}/export`, {})).status).toBe(409);
    expect(
      (
        await api.post(`/audiobook/projects/${id}/narration/batch`, {
          include_completed: true,
        })
      ).status,
    ).toBe(409);
    const job = await waitForJob(api, started.body.job_id, 300_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');

    const status = await api.get<{
      chapters: { status: string; percent: number }[];
      report: FileReport[];
      warnings: string[];
    }>(`/audiobook/projects/${id}/export/${job.id}/status`);
    expect(status.status).toBe(200);
    expect(status.body.chapters).toHaveLength(4);
    expect(status.body.chapters.every((c) => c.status === 'done' && c.percent === 100)).toBe(true);
    expect(status.body.report.every((r) => r.passed)).toBe(true);
    expect(status.body.warnings).toEqual([]);
    // Exported, no longer ready for narration (issue 14).
    expect((await api.get(`/audiobook/projects/${id}`)).body.status).toBe('exported');

    const download = await api.get<{ url: string; sha256: string; filename: string }>(
      `/audiobook/projects/${id}/export/${job.id}/download`,
    );
    expect(download.status, JSON.stringify(download.body)).toBe(200);
    expect(download.body.filename).toBe('The Keeper - ACX.zip');
    const zipRes = await fetch(download.body.url);
    expect(zipRes.status).toBe(200);
    const zip = Buffer.from(await zipRes.arrayBuffer());
    expect(createHash('sha256').update(zip).digest('hex')).toBe(download.body.sha256);
    const entries = unzip(zip);
    expect([...entries.keys()].sort()).toEqual(
      [
        '01 - Opening Credits.mp3',
        '02 - Chapter One.mp3',
        '03 - Chapter Two.mp3',
        '04 - Closing Credits.mp3',
        'Retail Sample.mp3',
        'The Keeper.m4b',
        'cover.png',
        'metadata.json',
      ].sort(),
    );
    const manifest = JSON.parse(entries.get('metadata.json')!.toString('utf8')) as {
      book: Json;
      files: { file: string; sha256: string; duration_seconds: number }[];
      chapters: { file: string }[];
      cover: { width: number; height: number; sha256: string };
    };
    expect(manifest.book).toMatchObject({
      title: 'The Keeper',
      subtitle: 'A Tale of the Sea',
      author: 'Ada Writer',
      narrator: 'Test Narrator',
      publisher: 'Harbour Press',
    });
    expect(manifest.cover).toMatchObject({ width: 2400, height: 2400 });
    expect(manifest.cover.sha256).toBe(
      createHash('sha256').update(entries.get('cover.png')!).digest('hex'),
    );
    for (const f of manifest.files)
      expect(createHash('sha256').update(entries.get(f.file)!).digest('hex'), f.file).toBe(
        f.sha256,
      );

    const out = path.join(engine.home, 'unzipped');
    fs.mkdirSync(out, { recursive: true });
    for (const [name, data] of entries) fs.writeFileSync(path.join(out, name), data);
    const chapterFiles = manifest.chapters.map((c) => c.file);
    expect(chapterFiles).toHaveLength(4);
    for (const [i, name] of chapterFiles.entries()) {
      const m = independentCheck(ffmpeg, path.join(out, name));
      const where = `${name}: ${JSON.stringify({ ...m, frameSizes: [...m.frameSizes] })}`;
      expect(m.codec, where).toBe('mp3');
      expect(m.sampleRate, where).toBe(44_100);
      expect(m.channels, where).toBe('mono');
      expect(m.bitrateKbps, where).toBe(192);
      expect(
        [...m.frameSizes].every((s) => s === 626 || s === 627),
        where,
      ).toBe(true);
      expect(m.rmsDb, where).toBeGreaterThanOrEqual(-23);
      expect(m.rmsDb, where).toBeLessThanOrEqual(-18);
      expect(m.truePeakDb, where).toBeLessThanOrEqual(-3);
      expect(m.noiseFloorDb, where).toBeLessThanOrEqual(-60);
      // Room tone, not digital zero.
      expect(m.noiseFloorDb, where).toBeGreaterThan(-90);
      expect(m.headSeconds, where).toBeGreaterThanOrEqual(0.5);
      expect(m.headSeconds, where).toBeLessThanOrEqual(1);
      expect(m.tailSeconds, where).toBeGreaterThanOrEqual(1);
      expect(m.tailSeconds, where).toBeLessThanOrEqual(5);
      expect(m.tags, where).toMatchObject({
        album: 'The Keeper',
        artist: 'Ada Writer',
        composer: 'Test Narrator',
        track: `${i + 1}/4`,
      });
    }
    const sample = independentCheck(ffmpeg, path.join(out, 'Retail Sample.mp3'));
    expect(sample.durationSeconds).toBeLessThanOrEqual(300);
    expect(sample.durationSeconds).toBeGreaterThan(3);
    // Starts with narration: sound within the first second.
    expect(sample.headSeconds).toBeLessThan(1);
    expect(sample.truePeakDb).toBeLessThanOrEqual(-3);
    // The M4B: AAC with one chapter marker per file.
    const probe = spawnSync(ffmpeg, ['-hide_banner', '-i', path.join(out, 'The Keeper.m4b')], {
      encoding: 'utf8',
    }).stderr;
    expect(probe).toMatch(/Audio: aac/);
    expect([...probe.matchAll(/Chapter #0:\d+/g)]).toHaveLength(4);
    expect(probe).toMatch(/title\s*: Chapter One/);
  }, 420_000);

  it('refuses a book with paragraphs that have no audio, naming them (409 export_not_ready)', async () => {
    const project = await createProject(api, { title: 'Unread', selected_voice_id: EN_US });
    expect((await paste(api, project.id, bookText(CHAPTERS))).status).toBe(200);
    const res = await api.post<Json & { chapters: { paragraphs: unknown[] }[] }>(
      `/audiobook/projects/${project.id}/export`,
      {},
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('export_not_ready');
    expect(res.body.chapters).toHaveLength(2);
    expect(res.body.chapters[0]?.paragraphs).toHaveLength(3);
  });

  it('counts every line without audio, listing at most 50 a chapter (issue 28)', async () => {
    const project = await createProject(api, { title: 'Long Unread', selected_voice_id: EN_US });
    const long = Array.from({ length: 66 }, (_, i) => `Line ${i + 1} of the long chapter.`);
    const text = bookText([{ title: 'Chapter One', paragraphs: long }]);
    expect((await paste(api, project.id, text)).status).toBe(200);
    const res = await api.post<
      Json & { chapters: { paragraphs: unknown[]; missing_count: number }[] }
    >(`/audiobook/projects/${project.id}/export`, {});
    expect(res.status).toBe(409);
    expect(res.body.chapters[0]?.missing_count).toBe(66);
    expect(res.body.chapters[0]?.paragraphs).toHaveLength(50);
    expect(String(res.body.detail)).toMatch(/^66 paragraph/);
  });

  it('rejects a cover that is not square and 2400×2400 at upload, with the measured size', async () => {
    const project = await createProject(api, { title: 'Small Cover' });
    const base = `/audiobook/projects/${project.id}`;
    const cover = await api.form<Json>(
      `${base}/media/upload`,
      fileForm(image('small.jpg', '1200x800'), 'small.jpg', { kind: 'cover' }),
    );
    expect(cover.status).toBe(400);
    expect(cover.body).toMatchObject({ code: 'acx_noncompliant', width: 1200, height: 800 });
    expect(String(cover.body.detail)).toMatch(/1200×800, not square/);
    expect(String(cover.body.detail)).toMatch(/below 2400×2400/);
    // Nothing is kept: the book has no cover.
    const settings = await api.get<Json>(`${base}/production-settings`);
    expect(settings.body).toMatchObject({ cover_image_id: null, media: [] });
    const square = await api.form<Json>(
      `${base}/media/upload`,
      fileForm(image('square.png', '2400x2400'), 'square.png', { kind: 'cover' }),
    );
    expect(square.status, JSON.stringify(square.body)).toBe(201);
  });
});

describe('check my files and master my files (real LibriVox chapters)', () => {
  const dir = realData('audiobook');
  const names = [
    'crimsonfairybook_00_lang_64kb.mp3',
    'dickinson_06-because_i_could_not_stop_64kb.mp3',
  ];
  const form = (files: { name: string; data: Buffer }[]): FormData => {
    const body = new FormData();
    for (const f of files)
      body.append('files', new Blob([new Uint8Array(f.data)], { type: 'audio/mpeg' }), f.name);
    return body;
  };

  it.skipIf(!dir)(
    'rejects them with the right reasons, and passes them once mastered',
    async () => {
      const files = names.map((name) => ({ name, data: fs.readFileSync(path.join(dir!, name)) }));
      const check = await api.form<{ passed: boolean; files: FileReport[] }>(
        '/audiobook/acx/check',
        form(files),
      );
      expect(check.status, JSON.stringify(check.body)).toBe(200);
      expect(check.body.passed).toBe(false);
      const rules = (i: number) => check.body.files[i]!.violations.map((v) => v.rule);
      expect(rules(0)).toEqual(expect.arrayContaining(['bitrate', 'sample_rate', 'rms']));
      expect(rules(0)).not.toContain('true_peak');
      expect(rules(1)).toEqual(
        expect.arrayContaining(['bitrate', 'sample_rate', 'rms', 'true_peak']),
      );
      expect(check.body.files[0]!.violations.find((v) => v.rule === 'bitrate')?.message).toMatch(
        /64 kbps is below 192 kbps/,
      );

      const master = await api.form<{ job_id: number; estimated_credits: number }>(
        '/audiobook/acx/master',
        form(files),
      );
      expect(master.status, JSON.stringify(master.body)).toBe(202);
      // 0.04 USD a minute of output at 7 500 credits per USD: ~6.5 minutes of audio.
      expect(master.body.estimated_credits).toBeGreaterThan(300 * 6);
      const job = await waitForJob(api, master.body.job_id, 300_000);
      expect(job.status, JSON.stringify(job)).toBe('completed');
      // The uploads are gone once the completion is recorded (not before: a crash in between
      // would leave the re-queued job without them; master-uploads-job.ts).
      const uploads = (job.input as { files: { path: string }[] }).files.map((f) =>
        path.join(engine.home, f.path),
      );
      expect(uploads).toHaveLength(2);
      expect(uploads.filter((file) => fs.existsSync(file))).toEqual([]);
      const result = job.result as { passed: boolean; files: (FileReport & { url: string })[] };
      expect(result.passed, JSON.stringify(result)).toBe(true);
      const mastered: { name: string; data: Buffer }[] = [];
      for (const f of result.files) {
        const res = await fetch(`${engine.url}${f.url}`);
        expect(res.status).toBe(200);
        mastered.push({ name: f.file, data: Buffer.from(await res.arrayBuffer()) });
      }
      const again = await api.form<{ passed: boolean; files: FileReport[] }>(
        '/audiobook/acx/check',
        form(mastered),
      );
      expect(again.status).toBe(200);
      expect(again.body.passed, JSON.stringify(again.body)).toBe(true);
      for (const f of mastered) {
        const file = path.join(engine.home, `m-${f.name}`);
        fs.writeFileSync(file, f.data);
        const m = independentCheck(ffmpeg, file);
        expect(m.rmsDb).toBeGreaterThanOrEqual(-23);
        expect(m.rmsDb).toBeLessThanOrEqual(-18);
        expect(m.truePeakDb).toBeLessThanOrEqual(-3);
        expect(m.noiseFloorDb).toBeLessThanOrEqual(-60);
      }
    },
    420_000,
  );

  it('answers 400 for a check without files and a per-file reason for non-audio', async () => {
    const empty = await api.form('/audiobook/acx/check', new FormData());
    expect(empty.status).toBe(400);
    const junk = await api.form<{ files: FileReport[] }>(
      '/audiobook/acx/check',
      form([{ name: 'notes.mp3', data: Buffer.from('not audio at all') }]),
    );
    expect(junk.status, JSON.stringify(junk.body)).toBe(200);
    expect(junk.body.files[0]?.passed).toBe(false);
  });
});
