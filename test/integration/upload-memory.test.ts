// Issue 25, defect 4: small uploads used gigabytes. Ten hours of silence as a ~150 KB FLAC on
// every audio upload route of the route table, a 45 MiB one-line TXT manuscript, and a PDF whose
// one page is a Flate stream inflating to 300 MiB — against the engine as a real child process,
// its memory (the engine and every child: ffmpeg, the speech child) read from /proc while each
// request runs. Each answers within 10 s — a coded 4xx where ten hours is over the route's
// limit, the documented answer where it is not — and the peak stays under 1 GB. The inputs are
// generated here; the figures are printed for the lead's note.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postJson } from '../helpers/accounts.ts';
import { AUDIO_UPLOAD_ROUTES, audioForm } from '../helpers/audio-upload-routes.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { writeFlateBombPdf } from '../helpers/flate-bomb-pdf.ts';
import { fillPath, ownedPathValues } from '../helpers/multipart-routes.ts';
import { treeRss, watchRss } from '../helpers/process-memory.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { writeOneLineText, writeSilentFlac } from '../helpers/upload-inputs.ts';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const ANSWER_WITHIN_MS = 10_000;
/** Past this the test kills the engine rather than let it take the machine (and fails). */
const RUNAWAY_BYTES = 1.6 * GB;

/**
 * Routes whose documented limits take ten hours, and what they answer instead of a 4xx:
 * noise reduction and transcription stream hours in bounded memory (docs/api/denoise.md,
 * transcription.md); the live meter and "check my files" report a broken rule in a 200.
 */
const ACCEPTS: Record<string, (status: number, body: string) => boolean> = {
  '/denoiser/denoise': (status) => status === 202,
  '/transcription/transcribe-upload': (status, body) =>
    status === 202 || (status === 503 && body.includes('"model_not_installed"')),
  '/audio/transcriptions': (status, body) =>
    status === 200 || (status === 503 && body.includes('"model_not_installed"')),
  '/audio/translations': (status, body) =>
    status === 200 || (status === 503 && body.includes('"model_not_installed"')),
  '/voice/samples/analyze': (status, body) =>
    status === 200 && /"verdict":"refused"/.test(body) && /"reason":"too_long"/.test(body),
  '/audiobook/acx/check': (status, body) =>
    status === 200 && /"passed":false/.test(body) && /"rule":"duration"/.test(body),
};

const temp = makeTempDir('upload-memory-');
let engine: EngineProcess;
let owned: Record<string, string>;
let voiceUuid = '';
let flac: Buffer;
let runaway = false;
let guard: NodeJS.Timeout;
const figures: string[] = [];

beforeAll(async () => {
  const flacPath = path.join(temp.dir, 'ten-hours.flac');
  await writeSilentFlac(flacPath, 10);
  flac = fs.readFileSync(flacPath);
  engine = await startEngineProcess({ group: true });
  guard = setInterval(() => {
    if (engine.child.exitCode !== null || runaway) return;
    if (treeRss(engine.child.pid!) > RUNAWAY_BYTES) {
      runaway = true;
      process.kill(-engine.child.pid!, 'SIGKILL');
    }
  }, 50);
  owned = await ownedPathValues(engine, engine.token);
  // A custom voice to convert to (a designed one: no cloning pack needed).
  const auth = bearer(engine.token);
  const designed = await postJson(
    engine,
    '/voice/design',
    { design_prompt: 'A calm, warm voice reading slowly.', num_samples: 1, seed: 1 },
    auth,
  );
  expect(designed.status).toBe(200);
  const preview = ((await designed.json()) as { previews: { preview_id: string }[] }).previews[0];
  const published = await postJson(
    engine,
    '/voice/design/publish',
    { preview_id: preview?.preview_id, name: 'Target' },
    auth,
  );
  expect(published.status).toBe(201);
  voiceUuid = ((await published.json()) as { uuid: string }).uuid;
}, 180_000);

afterAll(async () => {
  clearInterval(guard);
  await engine.stop();
  temp.cleanup();
  console.log(`upload memory (engine + children, RSS from /proc):\n${figures.join('\n')}`);
});

interface Measured {
  status: number;
  body: string;
  ms: number;
  /** Tree RSS just before the request, and the highest seen while it ran (bytes). */
  base: number;
  peak: number;
  makeup: string;
}

/** Sends one request while the engine's tree RSS is sampled every 50 ms (and 1 s after). */
async function measured(pathName: string, init: RequestInit): Promise<Measured> {
  const pid = engine.child.pid!;
  const base = treeRss(pid);
  const watch = watchRss(pid, 50);
  const started = Date.now();
  let status = 0;
  let body: string;
  try {
    const res = await fetch(`${engine.api}${pathName}`, {
      ...init,
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    body = await res.text();
  } catch (error) {
    body = String(error);
  }
  const ms = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const peak = watch.stop();
  expect(runaway, `${pathName} took the engine past ${RUNAWAY_BYTES / GB} GB`).toBe(false);
  expect(engine.child.exitCode, `the engine exited on ${pathName}`).toBe(null);
  return { status, body, ms, base, peak, makeup: watch.peakMakeup() };
}

function note(what: string, m: Measured): void {
  const mb = (bytes: number): string => (bytes / MB).toFixed(0);
  figures.push(
    `  ${what}: ${m.status} in ${(m.ms / 1000).toFixed(1)} s, peak ${mb(m.peak)} MB (+${mb(m.peak - m.base)} MB over ${mb(m.base)} MB: ${m.makeup})`,
  );
}

/** Cancels a job a route accepted, so its work does not weigh on the next measurement. */
async function cancelJob(body: string): Promise<void> {
  const id = /"(?:id|job_id)":(\d+)/.exec(body)?.[1];
  if (!id) return;
  await fetch(`${engine.api}/jobs/${id}/cancel`, { method: 'POST', headers: bearer(engine.token) });
}

describe('uploads within bounded memory (issue 25, defect 4)', () => {
  it('answers ten hours of FLAC on every audio upload route within 10 s, under 1 GB', async () => {
    expect(AUDIO_UPLOAD_ROUTES.length).toBeGreaterThanOrEqual(18);
    const wrong: string[] = [];
    for (const route of AUDIO_UPLOAD_ROUTES) {
      const target = fillPath(route.path, owned);
      const form = audioForm(route, flac, 'ten-hours.flac', { voice_uuid: voiceUuid });
      const m = await measured(target, {
        method: 'POST',
        headers: bearer(engine.token),
        body: form,
      });
      note(route.path, m);
      const accepts = ACCEPTS[route.path];
      const ok = accepts ? accepts(m.status, m.body) : m.status >= 400 && m.status < 500;
      if (!ok) wrong.push(`${route.path} → ${m.status} ${m.body.slice(0, 300)}`);
      if (m.ms > ANSWER_WITHIN_MS) wrong.push(`${route.path} answered in ${m.ms} ms`);
      if (m.peak >= GB) wrong.push(`${route.path} peaked at ${(m.peak / MB).toFixed(0)} MB`);
      if (m.status === 202) await cancelJob(m.body);
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it('refuses a 45 MiB one-line TXT manuscript with 413 within 10 s, under 1 GB', async () => {
    const file = path.join(temp.dir, 'one-line.txt');
    writeOneLineText(file, 45);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)]), 'one-line.txt');
    const upload = await measured(`/audiobook/projects/${owned.project_id}/manuscript/upload`, {
      method: 'POST',
      headers: bearer(engine.token),
      body: form,
    });
    note('manuscript/upload, 45 MiB one-line TXT', upload);
    expect(upload.status, upload.body).toBe(413);
    expect(upload.body).toContain('"reason":"text_too_long"');
    expect(upload.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(upload.peak).toBeLessThan(GB);
    // The same file stored through /files, then parsed: refused at the parse request.
    const stored = await fetch(`${engine.api}/files`, {
      method: 'POST',
      headers: bearer(engine.token, { 'Content-Type': 'text/plain', 'X-Filename': 'one-line.txt' }),
      body: fs.readFileSync(file),
    });
    expect(stored.status).toBe(201);
    const key = ((await stored.json()) as { file_key: string }).file_key;
    const parse = await measured(`/audiobook/projects/${owned.project_id}/manuscript/parse`, {
      method: 'POST',
      headers: bearer(engine.token, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ file_key: key, filename: 'one-line.txt' }),
    });
    note('manuscript/parse, 45 MiB one-line TXT', parse);
    expect(parse.status, parse.body).toBe(413);
    expect(parse.ms).toBeLessThan(ANSWER_WITHIN_MS);
  }, 120_000);

  it('fails a PDF whose page inflates to 300 MiB with a coded reason, under 1 GB', async () => {
    const file = path.join(temp.dir, 'bomb.pdf');
    await writeFlateBombPdf(file, 300);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)]), 'bomb.pdf');
    const upload = await fetch(
      `${engine.api}/audiobook/projects/${owned.project_id}/manuscript/upload`,
      { method: 'POST', headers: bearer(engine.token), body: form },
    );
    expect(upload.status).toBe(201);
    const key = ((await upload.json()) as { file_key: string }).file_key;
    const base = treeRss(engine.child.pid!);
    const watch = watchRss(engine.child.pid!, 50);
    const started = Date.now();
    const parse = await postJson(
      engine,
      `/audiobook/projects/${owned.project_id}/manuscript/parse`,
      { file_key: key, filename: 'bomb.pdf', reparse: true },
      bearer(engine.token),
    );
    expect(parse.status, await parse.clone().text()).toBe(202);
    const jobId = ((await parse.json()) as { job_id: number }).job_id;
    let job: { status: string; error_message?: string | null } = { status: 'queued' };
    while (['queued', 'running'].includes(job.status) && Date.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await (
        await fetch(`${engine.api}/jobs/${jobId}`, { headers: bearer(engine.token) })
      ).json()) as typeof job;
    }
    const peak = watch.stop();
    figures.push(
      `  manuscript/parse, PDF with a 300 MiB Flate stream: job ${job.status} in ${((Date.now() - started) / 1000).toFixed(1)} s, peak ${(peak / MB).toFixed(0)} MB (+${((peak - base) / MB).toFixed(0)} MB: ${watch.peakMakeup()})`,
    );
    expect(runaway).toBe(false);
    expect(job.status).toBe('failed');
    expect(job.error_message ?? '').toMatch(/expands past 32 MiB/);
    expect(peak).toBeLessThan(GB);
  }, 120_000);
});
