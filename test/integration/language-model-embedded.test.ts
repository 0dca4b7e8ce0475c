// The embedded language model end to end: a real engine process runs the real node-llama-cpp
// 3.21.1 on a tiny GGUF the test writes itself (tiny-gguf.ts), named by TAPEHOUSE_LLM_GGUF as a
// user's own model file would be, on the CPU, with no chat server set. Speaker detection with
// method=llm, screenplay annotation, Auto Direction, book generation and auto-cast go through it
// with schema-valid answers; a run is cancelled mid-way; the model process is killed mid-request
// (the engine stays up, the next request loads it again); unloading gives its memory back.
// What the tiny model says is noise: the tests check shapes, limits and lifecycles, never quality
// (quality is `npm run eval -- attribution --llm`, with a real model).
import fs from 'node:fs';
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
  type Json,
} from '../helpers/audiobook.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { tinyModelEnv } from '../helpers/language-model.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { modelProcess, treeRss } from '../helpers/process-memory.ts';

const temp = makeTempDir();
let engine: EngineProcess;
let api: Client;

const DIALOGUE = [
  'The harbour was grey and still when the ferry came in.',
  '“We should leave before the tide turns,” said Anna.',
  '“There is time yet,” replied Marco.',
  'Anna looked at the sea. “Then let us walk,” she said. She pulled her coat tight.',
  '“Not far,” said Marco.',
];

interface Status extends Json {
  source: string | null;
  ready: boolean;
  loaded: boolean;
  memory_bytes: number | null;
  name: string | null;
}

async function book(
  paragraphs = DIALOGUE,
  chapters = 1,
): Promise<{ id: string; chapterIds: string[] }> {
  const project = await createProject(api);
  const res = await paste(
    api,
    project.id,
    bookText(
      Array.from({ length: chapters }, (_, c) => ({ title: `Chapter ${c + 1}`, paragraphs })),
    ),
    { detect_speakers: true },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    id: project.id,
    chapterIds: (await chaptersOf(api, project.id)).map((c) => String(c.id)),
  };
}

async function words(projectId: string): Promise<number> {
  return Number((await api.get(`/audiobook/projects/${projectId}`)).body.total_words);
}

beforeAll(async () => {
  engine = await startEngineProcess({ env: tinyModelEnv(temp.dir), timeoutMs: 90_000 });
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine?.stop();
  temp.cleanup();
});

// Each test runs up to three jobs through a CPU model on a machine other work shares; a job may
// take 120 s (waitForJob), so the default 60 s per test is too short, not the work too slow.
describe('the embedded language model', { timeout: 300_000 }, () => {
  it('is the owner’s model file, not loaded until asked', async () => {
    const res = await api.get<Status>('/language-model');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      preference: 'auto',
      source: 'file',
      ready: true,
      name: 'your model file “tiny.gguf”',
      loaded: false,
      url: null,
      gpu_setting: 'off',
    });
    const packs = await api.get<{ capabilities: { id: string; ready_with: string }[] }>(
      '/model-packs',
    );
    expect(packs.body.capabilities.find((c) => c.id === 'language-model')).toMatchObject({
      status: 'ready',
      ready_with: 'configuration',
    });
  });

  it('refines speakers with method=llm: every quotation decided from the character list', async () => {
    const { id } = await book();
    const estimate = await api.get(`/audiobook/projects/${id}/cast/detect/estimate`);
    expect(estimate.status).toBe(200);
    expect(estimate.body).toMatchObject({ ready: true, lines: 4, passages: 1 });
    expect(Number(estimate.body.estimated_seconds)).toBeGreaterThan(0);
    const res = await api.post(`/audiobook/projects/${id}/cast/detect?method=llm`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = await waitForJob(api, String(res.body.job_id), 120_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const status = await api.get(
      `/audiobook/projects/${id}/cast/detect/${String(res.body.job_id)}/status`,
    );
    expect(status.body).toMatchObject({
      status: 'COMPLETED',
      result: { model: 'your model file “tiny.gguf”', lines_read: 4, passages: 1 },
    });
    const lines = await api.get<{ lines: Json[]; total: number }>(
      `/audiobook/projects/${id}/cast/detect/${String(res.body.job_id)}/lines`,
    );
    expect(lines.body.total).toBe(4);
    const names = new Set(['Anna', 'Marco', null]);
    const confidences = lines.body.lines.map((l) => Number(l.confidence));
    expect([...confidences].sort((a, b) => a - b)).toEqual(confidences);
    for (const line of lines.body.lines) {
      expect(names.has(line.model_speaker as string | null), JSON.stringify(line)).toBe(true);
      expect(names.has(line.speaker as string | null)).toBe(true);
      expect(['both', 'model', 'rules', 'none']).toContain(line.source);
      expect(Number(line.confidence)).toBeGreaterThanOrEqual(0);
      expect(Number(line.confidence)).toBeLessThanOrEqual(1);
    }
    const loaded = await api.get<Status>('/language-model');
    expect(loaded.body.loaded).toBe(true);
    expect(loaded.body.speed).toMatchObject({ measured: true });
  });

  it('annotates a screenplay with it, every word kept (rule 10)', async () => {
    const { id, chapterIds } = await book();
    const before = await words(id);
    const res = await api.post(`/audiobook/projects/${id}/screenplay/annotate`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitForJob(api, String(res.body.job_id), 120_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(String(job.stage)).not.toBe('');
    const lines = await paragraphsOf(api, id, chapterIds[0] ?? '');
    expect(lines.length).toBeGreaterThan(DIALOGUE.length);
    expect(await words(id)).toBe(before);
    for (const line of lines) expect(['', 'Anna', 'Marco']).toContain(line.character_name);
  });

  it('directs a book with it: notes open with performable words, emotions from the list', async () => {
    const { id, chapterIds } = await book();
    const res = await api.post(`/audiobook/projects/${id}/direction/auto`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ method: 'model', model: 'your model file “tiny.gguf”' });
    const job = await waitForJob(api, String(res.body.job_id), 120_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    expect(job.result).toMatchObject({ method: 'model', paragraphs_directed: 5 });
    const lines = await paragraphsOf(api, id, chapterIds[0] ?? '');
    const emotions = [
      'whisper',
      'shout',
      'sad',
      'angry',
      'happy',
      'excited',
      'fearful',
      'surprised',
      'tender',
      'serious',
      'tired',
      'sarcastic',
      'mysterious',
      'calm',
    ];
    for (const line of lines) {
      expect(emotions).toContain(line.emotion);
      expect(String(line.direction).length).toBeGreaterThan(0);
      expect(String(line.direction).length).toBeLessThanOrEqual(110);
      expect(String(line.direction)).toMatch(/^[a-z-]+(ly|ed|ing)\b/);
    }
  });

  it('writes a book from a prompt with it, no chat server set', async () => {
    const project = await createProject(api);
    const res = await api.post(`/audiobook/projects/${project.id}/manuscript/generate`, {
      prompt: 'A lighthouse keeper and a storm.',
      chapter_count: 2,
      words_per_chapter: 100,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready_for_narration', total_chapters: 2 });
    expect(Number(res.body.total_words)).toBeGreaterThan(0);
  });

  it('describes voices for auto-cast with it', async () => {
    const { id } = await book();
    const res = await api.post(`/audiobook/projects/${id}/cast/auto`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitForJob(api, String(res.body.job_id), 120_000);
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const result = job.result as { model: string; characters: { voice_description: string }[] };
    expect(result.model).toBe('your model file “tiny.gguf”');
    expect(result.characters.length).toBeGreaterThan(0);
    for (const c of result.characters) {
      expect(typeof c.voice_description).toBe('string');
      expect([...c.voice_description].length).toBeLessThanOrEqual(160);
    }
  });

  it('cancels a long run mid-way, keeping the passages it wrote, and answers again after', async () => {
    // 8 chapters of dialogue: one passage each at this context.
    const { id } = await book(DIALOGUE, 8);
    const res = await api.post(`/audiobook/projects/${id}/cast/detect?method=llm`);
    expect(res.status).toBe(200);
    const jobId = String(res.body.job_id);
    await expect
      .poll(async () => (await api.get(`/jobs/${jobId}`)).body.stage, { timeout: 60_000 })
      .toMatch(/\((?:[2-7])\/8\)/);
    const cancel = await api.post(`/jobs/${jobId}/cancel`);
    expect(cancel.status).toBe(200);
    const job = await waitForJob(api, jobId, 30_000);
    expect(job.status).toBe('cancelled');
    const again = await book();
    const next = await api.post(`/audiobook/projects/${again.id}/cast/detect?method=llm`);
    expect((await waitForJob(api, String(next.body.job_id), 120_000)).status).toBe('completed');
  });

  it('survives the model process dying mid-request, and loads it again', async () => {
    const { id } = await book(DIALOGUE, 8);
    const res = await api.post(`/audiobook/projects/${id}/cast/detect?method=llm`);
    const jobId = String(res.body.job_id);
    await expect
      .poll(async () => (await api.get(`/jobs/${jobId}`)).body.stage, { timeout: 60_000 })
      .toMatch(/reading speakers/);
    const child = modelProcess(engine.child.pid ?? 0);
    expect(child, 'the model runs in its own process').not.toBeNull();
    process.kill(child ?? 0, 'SIGKILL');
    const job = await waitForJob(api, jobId, 30_000);
    expect(job.status).toBe('failed');
    expect(String(job.error_message)).toMatch(/stopped unexpectedly/);
    expect(engine.child.exitCode).toBeNull();
    const status = await api.get<Status>('/language-model');
    expect(status.body.last_problem).toMatch(/SIGKILL/);
    const again = await book();
    const next = await api.post(`/audiobook/projects/${again.id}/cast/detect?method=llm`);
    expect((await waitForJob(api, String(next.body.job_id), 120_000)).status).toBe('completed');
  });

  it('gives its memory back when unloaded, and unloads itself when idle', async () => {
    const pid = engine.child.pid ?? 0;
    await api.post('/language-model/unload');
    const idle = treeRss(pid);
    const { id } = await book();
    const res = await api.post(`/audiobook/projects/${id}/cast/detect?method=llm`);
    await waitForJob(api, String(res.body.job_id), 120_000);
    const loaded = treeRss(pid);
    const status = await api.get<Status>('/language-model');
    expect(status.body.loaded).toBe(true);
    expect(Number(status.body.memory_bytes)).toBeGreaterThan(10e6);
    console.log(`tiny model speed on this CPU: ${JSON.stringify(status.body.speed)}`);
    const unload = await api.post<Status>('/language-model/unload');
    expect(unload.body).toMatchObject({ loaded: false, memory_bytes: null });
    expect(modelProcess(pid)).toBeNull();
    const after = treeRss(pid);
    // The model process held tens of MB (the runtime and the tiny model); all of it went.
    expect(loaded - idle).toBeGreaterThan(20e6);
    expect(after - idle).toBeLessThan((loaded - idle) * 0.25);
    fs.writeFileSync(`${temp.dir}/memory.json`, JSON.stringify({ idle, loaded, after }));
    console.log(
      `engine + model process RSS: idle ${(idle / 1e6).toFixed(0)} MB, loaded ${(loaded / 1e6).toFixed(0)} MB, after unload ${(after / 1e6).toFixed(0)} MB`,
    );
    // Idle unload: one second without a request.
    const put = await api.put<Status>('/language-model', { idle_unload_seconds: 1 });
    expect(put.status).toBe(200);
    const again = await book();
    const next = await api.post(`/audiobook/projects/${again.id}/cast/detect?method=llm`);
    await waitForJob(api, String(next.body.job_id), 120_000);
    await expect
      .poll(async () => (await api.get<Status>('/language-model')).body.loaded, { timeout: 15_000 })
      .toBe(false);
    expect(modelProcess(pid)).toBeNull();
  });
});
