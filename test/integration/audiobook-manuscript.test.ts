// Manuscripts over real HTTP (document 2, "Manuscript", "Project status"): multipart upload into
// the file store, the parse job's state machine (success, sanitized failure, append failure
// keeping the book, re-parse replacing it), damaged files that must never take the engine down.
// Paste and generate are in audiobook-manuscript-text.test.ts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chaptersOf,
  client,
  createProject,
  fileForm,
  paragraphsOf,
  paste,
  uploadAndParse,
  waitForJob,
  type Client,
  type Json,
} from '../helpers/audiobook.ts';
import {
  makeDocx,
  makeEpub,
  makePdf,
  makePng,
  makeZipBombEpub,
  prose,
} from '../helpers/book-fixtures.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData } from '../helpers/requirements.ts';

let engine: TestEngine;
let chat: ChatServer;
let api: Client;

const BOOK = {
  title: 'The Harbour',
  author: 'Ada Writer',
  chapters: [
    { title: 'Chapter One', paragraphs: prose('Dover', 4) },
    { title: 'Chapter Two', paragraphs: prose('Calais', 3) },
    { title: 'Chapter Three', paragraphs: prose('Ostend', 5) },
  ],
};

beforeAll(async () => {
  chat = await startChatServer();
  engine = await startEngine({ llmUrl: chat.url });
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
  await chat.stop();
});

describe('POST .../manuscript/upload', () => {
  it('stores the file and answers its key, a reference URL and the size limit', async () => {
    const project = await createProject(api);
    const epub = makeEpub(BOOK);
    const res = await api.form(
      `/audiobook/projects/${project.id}/manuscript/upload`,
      fileForm(epub, 'harbour.epub', { multi_voice: 'true' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      filename: 'harbour.epub',
      bytes: epub.length,
      file_type: 'epub',
      max_size_bytes: 50 * 1024 * 1024,
      multi_voice: true,
    });
    expect(String(res.body.file_url)).toMatch(
      new RegExp(`/api/v1/files/${String(res.body.file_key)}$`),
    );
    const meta = await api.get(`/files/${String(res.body.file_key)}`);
    expect(meta.status).toBe(200);
    expect(meta.body.bytes).toBe(epub.length);
    expect((await api.get(`/audiobook/projects/${project.id}`)).body.multi_voice).toBe(true);
  });

  it('refuses a DOCX that is really a PNG with 400 and keeps nothing', async () => {
    const project = await createProject(api);
    const res = await api.form(
      `/audiobook/projects/${project.id}/manuscript/upload`,
      fileForm(makePng(), 'novel.docx'),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unsupported_media');
    expect(String(res.body.detail)).toMatch(/PNG|image/i);
    const after = await api.get(`/audiobook/projects/${project.id}`);
    expect(after.body).toMatchObject({ status: 'draft', total_chapters: 0 });
  });

  it('answers 415 for a body that is not multipart and 400 without a file part', async () => {
    const project = await createProject(api);
    const json = await fetch(`${engine.api}/audiobook/projects/${project.id}/manuscript/upload`, {
      method: 'POST',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('multi_voice', 'true');
    const noFile = await api.form(`/audiobook/projects/${project.id}/manuscript/upload`, form);
    expect(noFile.status).toBe(400);
  });

  it('answers 413 for a declared size over the limit without reading the body', async () => {
    const project = await createProject(api);
    const url = new URL(`${engine.api}/audiobook/projects/${project.id}/manuscript/upload`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: {
          ...api.headers,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(60 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });

  it('answers 413 once a streamed file passes the limit', async () => {
    const project = await createProject(api);
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x61);
    const res = await api.form(
      `/audiobook/projects/${project.id}/manuscript/upload`,
      fileForm(big, 'big.txt'),
    );
    expect(res.status).toBe(413);
    expect(res.body.max_bytes).toBe(50 * 1024 * 1024);
  });
});

describe('the parse state machine', () => {
  it('goes parsing → ready_for_narration with parsing_completed_at (EPUB)', async () => {
    const project = await createProject(api, { title: 'Harbour' });
    const { job, project: after } = await uploadAndParse(
      api,
      project.id,
      makeEpub(BOOK),
      'harbour.epub',
    );
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.type).toBe('audiobook_parse');
    expect(after).toMatchObject({
      status: 'ready_for_narration',
      total_chapters: 3,
      source_filename: 'harbour.epub',
      source_file_type: 'epub',
      author: 'Ada Writer',
    });
    expect(typeof after.parsing_completed_at).toBe('string');
    const chapters = after.chapters as Json[];
    expect(chapters.map((c) => c.title)).toEqual(['Chapter One', 'Chapter Two', 'Chapter Three']);
    expect(chapters.map((c) => c.chapter_number)).toEqual([1, 2, 3]);
    const paragraphs = await paragraphsOf(api, project.id, String(chapters[0]?.id));
    expect(paragraphs.map((p) => p.text)).toEqual(BOOK.chapters[0]?.paragraphs);
    expect(after.total_words).toBeGreaterThan(100);
  });

  it('reads DOCX and PDF manuscripts', async () => {
    const docxProject = await createProject(api);
    const docx = await uploadAndParse(api, docxProject.id, makeDocx(BOOK.chapters), 'harbour.docx');
    expect(docx.job.status, JSON.stringify(docx.job)).toBe('completed');
    expect(docx.project.total_chapters).toBe(3);
    const pdfProject = await createProject(api);
    const pdf = await uploadAndParse(api, pdfProject.id, makePdf(BOOK.chapters), 'harbour.pdf');
    expect(pdf.job.status, JSON.stringify(pdf.job)).toBe('completed');
    expect(pdf.project.status).toBe('ready_for_narration');
    expect(Number(pdf.project.total_words)).toBeGreaterThan(100);
  });

  it('answers job_id and estimated_completion_time, stays parsing while queued, 409s a second parse', async () => {
    // No inference slot: the parse job stays queued, so the book stays `parsing`.
    const held = await startEngine({ concurrency: { inference: 0, ffmpeg: 1, io: 1 } });
    try {
      const heldApi = client(held, held.token);
      const project = await createProject(heldApi);
      const upload = await heldApi.form(
        `/audiobook/projects/${project.id}/manuscript/upload`,
        fileForm(makeEpub(BOOK), 'b.epub'),
      );
      const body = { file_key: upload.body.file_key, filename: 'b.epub' };
      const first = await heldApi.post(`/audiobook/projects/${project.id}/manuscript/parse`, body);
      expect(first.status).toBe(202);
      expect(typeof first.body.job_id).toBe('number');
      expect(first.body.status).toBe('parsing');
      expect(Date.parse(String(first.body.estimated_completion_time))).toBeGreaterThan(Date.now());
      const during = await heldApi.get(`/audiobook/projects/${project.id}`);
      expect(during.body).toMatchObject({ status: 'parsing', parsing_completed_at: null });
      const second = await heldApi.post(`/audiobook/projects/${project.id}/manuscript/parse`, body);
      expect(second.status).toBe(409);
      expect((await paste(heldApi, project.id, 'Chapter 1\n\nText.')).status).toBe(409);
      // Deleting the book cancels its queued parse.
      expect((await heldApi.delete(`/audiobook/projects/${project.id}`)).status).toBe(204);
      expect((await heldApi.get(`/jobs/${String(first.body.job_id)}`)).body.status).toBe(
        'cancelled',
      );
    } finally {
      await held.stop();
    }
  });

  it('takes the parse request as a urlencoded or multipart form too', async () => {
    const project = await createProject(api);
    const upload = await api.form(
      `/audiobook/projects/${project.id}/manuscript/upload`,
      fileForm(makeEpub(BOOK), 'b.epub'),
    );
    const res = await fetch(`${engine.api}/audiobook/projects/${project.id}/manuscript/parse`, {
      method: 'POST',
      headers: { ...api.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        file_key: String(upload.body.file_key),
        filename: 'b.epub',
        detect_speakers: 'false',
      }).toString(),
    });
    expect(res.status).toBe(202);
    const job = await waitForJob(api, ((await res.json()) as { job_id: number }).job_id);
    expect(job.status).toBe('completed');
    const again = new FormData();
    again.append('file_key', String(upload.body.file_key));
    again.append('filename', 'b.epub');
    again.append('reparse', 'true');
    const multipart = await api.form(`/audiobook/projects/${project.id}/manuscript/parse`, again);
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(202);
    expect((await waitForJob(api, Number(multipart.body.job_id))).status).toBe('completed');
  });

  it('fails a truncated PDF with a sanitized message, and the engine keeps serving', async () => {
    const project = await createProject(api);
    const pdf = makePdf(BOOK.chapters);
    const truncated = pdf.subarray(0, Math.floor(pdf.length / 3));
    const { job, project: after } = await uploadAndParse(api, project.id, truncated, 'broken.pdf');
    expect(job.status).toBe('failed');
    expect(after.status).toBe('failed');
    expect(after.total_chapters).toBe(0);
    const message = String(after.error_message);
    expect(message.length).toBeGreaterThan(10);
    expect(message).not.toMatch(/\bat .*\.ts:\d+|node_modules|Error:|stack/);
    expect((await api.get('/health')).status).toBe(200);
  });

  it('fails an EPUB without a spine with a clear message', async () => {
    const project = await createProject(api);
    const { project: after } = await uploadAndParse(
      api,
      project.id,
      makeEpub(BOOK, { spine: false }),
      'nospine.epub',
    );
    expect(after.status).toBe('failed');
    expect(String(after.error_message)).toMatch(/spine|reading order|EPUB/i);
  });

  it('survives zip bombs (honest and lying sizes) and fails them', async () => {
    for (const lie of [false, true]) {
      const project = await createProject(api);
      const { job, project: after } = await uploadAndParse(
        api,
        project.id,
        makeZipBombEpub(80 * 1024 * 1024, lie),
        'bomb.epub',
      );
      expect(job.status, `lie=${lie}`).toBe('failed');
      expect(after.status).toBe('failed');
      expect(String(after.error_message)).not.toMatch(/node_modules|\.ts:\d+/);
    }
    expect((await api.get('/health')).status).toBe(200);
  });

  it('refuses a file whose content disagrees with the filename given to parse', async () => {
    const project = await createProject(api);
    const upload = await api.form(
      `/audiobook/projects/${project.id}/manuscript/upload`,
      fileForm(makeEpub(BOOK), 'b.epub'),
    );
    const res = await api.post(`/audiobook/projects/${project.id}/manuscript/parse`, {
      file_key: upload.body.file_key,
      filename: 'b.pdf',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unsupported_media');
    for (const body of [
      { filename: 'b.epub' },
      { file_key: upload.body.file_key },
      { file_key: upload.body.file_key, filename: 'noextension' },
    ]) {
      expect(
        (await api.post(`/audiobook/projects/${project.id}/manuscript/parse`, body)).status,
      ).toBe(400);
    }
    expect((await api.get(`/audiobook/projects/${project.id}`)).body.status).toBe('draft');
  });

  it('keeps the book when an append fails, and appends when it works', async () => {
    const project = await createProject(api);
    await uploadAndParse(api, project.id, makeEpub(BOOK), 'first.epub');
    const before = await api.get(`/audiobook/projects/${project.id}`);
    expect(before.body.total_chapters).toBe(3);
    const broken = makePdf(BOOK.chapters).subarray(0, 200);
    const failed = await uploadAndParse(api, project.id, broken, 'more.pdf', {}, 'append');
    expect(failed.job.status).toBe('failed');
    expect(failed.project).toMatchObject({ status: 'ready_for_narration', total_chapters: 3 });
    expect(failed.project.parsing_completed_at).toBe(before.body.parsing_completed_at);
    const more = {
      ...BOOK,
      chapters: [{ title: 'Chapter Four', paragraphs: prose('Bruges', 2) }],
    };
    const appended = await uploadAndParse(
      api,
      project.id,
      makeEpub(more),
      'more.epub',
      {},
      'append',
    );
    expect(appended.job.status).toBe('completed');
    expect(appended.project.total_chapters).toBe(4);
    const chapters = appended.project.chapters as Json[];
    expect(chapters.map((c) => c.chapter_number)).toEqual([1, 2, 3, 4]);
    expect(chapters[3]?.title).toBe('Chapter Four');
    // The book's source stays the first file.
    expect(appended.project.source_filename).toBe('first.epub');
  });

  it('refuses a second parse without reparse (409), and reparse replaces the book', async () => {
    const project = await createProject(api);
    await uploadAndParse(api, project.id, makeEpub(BOOK), 'first.epub');
    const chapterIds = (await chaptersOf(api, project.id)).map((c) => c.id);
    const upload = await api.form(
      `/audiobook/projects/${project.id}/manuscript/upload`,
      fileForm(makeDocx([{ title: 'Only Chapter', paragraphs: prose('Ghent', 2) }]), 'second.docx'),
    );
    const refused = await api.post(`/audiobook/projects/${project.id}/manuscript/parse`, {
      file_key: upload.body.file_key,
      filename: 'second.docx',
    });
    expect(refused.status).toBe(409);
    const { job, project: after } = await uploadAndParse(
      api,
      project.id,
      makeDocx([{ title: 'Only Chapter', paragraphs: prose('Ghent', 2) }]),
      'second.docx',
      { reparse: true },
    );
    expect(job.status).toBe('completed');
    expect(after.total_chapters).toBe(1);
    const chapters = await chaptersOf(api, project.id);
    expect(chapters.some((c) => chapterIds.includes(c.id))).toBe(false);
    expect(after.source_filename).toBe('second.docx');
  });

  it('keeps the old book when a re-parse fails', async () => {
    const project = await createProject(api);
    await uploadAndParse(api, project.id, makeEpub(BOOK), 'first.epub');
    const { project: after } = await uploadAndParse(
      api,
      project.id,
      makeEpub(BOOK, { spine: false }),
      'broken.epub',
      { reparse: true },
    );
    expect(after).toMatchObject({ status: 'ready_for_narration', total_chapters: 3 });
    expect(after.error_message).not.toBeNull();
  });

  it('never changes another project when one parse fails', async () => {
    const good = await createProject(api, { title: 'Good' });
    await uploadAndParse(api, good.id, makeEpub(BOOK), 'good.epub');
    const snapshot = await api.get(`/audiobook/projects/${good.id}?include_chapters=true`);
    const bad = await createProject(api, { title: 'Bad' });
    await uploadAndParse(api, bad.id, makeZipBombEpub(80 * 1024 * 1024, true), 'bad.epub');
    const after = await api.get(`/audiobook/projects/${good.id}?include_chapters=true`);
    expect(after.body).toEqual(snapshot.body);
  });

  it('runs the heuristic speaker pass when detect_speakers is on', async () => {
    const project = await createProject(api);
    const { job } = await uploadAndParse(api, project.id, makeEpub(BOOK), 'b.epub', {
      detect_speakers: true,
    });
    expect((job.result as Json).speakers_detected).toBeGreaterThan(0);
    const cast = await api.get<{ members: Json[] }>(`/audiobook/projects/${project.id}/cast`);
    const names = cast.body.members.map((m) => m.character_name);
    expect(names).toContain('Marco');
  });

  it('parses real books from the shared data set', async () => {
    const dir = realData('books');
    if (!dir) return;
    for (const file of [
      'epub/pg_alice-in-wonderland.epub',
      'docx/frankenstein.docx',
      'txt/en_litbank_105_persuasion.txt',
      'pdf/Adventures-Of-Sherlock-Holmes.pdf',
    ]) {
      const project = await createProject(api, { title: file });
      const data = fs.readFileSync(path.join(dir, file));
      const { job, project: after } = await uploadAndParse(
        api,
        project.id,
        data,
        path.basename(file),
        {
          detect_speakers: true,
        },
      );
      expect(job.status, `${file}: ${JSON.stringify(job)}`).toBe('completed');
      expect(after.status).toBe('ready_for_narration');
      expect(Number(after.total_chapters), file).toBeGreaterThan(5);
      expect(Number(after.total_words), file).toBeGreaterThan(20_000);
    }
  }, 240_000);
});
