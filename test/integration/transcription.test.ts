// Document 2, "Transcription": the six native routes on the real pipeline — real speech
// (LibriSpeech readers, Picovoice clips), the real Silero VAD, sherpa-onnx running a Whisper pair
// of the published export signature with a scripted decoder and the real tiktoken vocabulary,
// and sherpa's pyannote diarization pipeline on generated segmentation/embedding models of the
// published signatures (asr-engines/test-fixtures). Uploads with repeated files, source_urls
// through the guarded fetcher, speakers with min/max, saved names, corrections, exports,
// webhooks, credits, and the bad inputs that must cost nothing.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { files as fileRows } from '../../engine/src/db/schema/files.ts';
import {
  writeConversation,
  type ReferenceTurn,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/speaker-mix.ts';
import { diarizationError } from '../../scripts/eval/diarization-error.ts';
import { writeAsrTestPacks } from '../helpers/asr-packs.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech');
const ready = tiktoken !== null && vad !== null && speech !== null;

const temp = makeTempDir('transcription-');
let engine: TestEngine;
let files: HttpServer;
let conversation = '';
let reference: ReferenceTurn[] = [];

interface HttpServer {
  url: string;
  close(): Promise<void>;
}

/** Serves files of a folder over loopback HTTP (the engine's owner allows loopback sources). */
async function serveFolder(dir: string): Promise<HttpServer> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.basename(req.url ?? ''));
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'audio/wav' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function auth(extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}`, ...extra };
}

async function api<T>(
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${engine.api}${route}`, {
    method,
    headers: auth(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    body: (type.includes('json') ? await res.json() : await res.text()) as T,
  };
}

async function upload(
  parts: { name: string; file?: string; bytes?: Uint8Array; filename?: string; value?: string }[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.value !== undefined) form.append(p.name, p.value);
    else
      form.append(
        p.name,
        new Blob([p.bytes ?? fs.readFileSync(p.file ?? '')]),
        p.filename ?? path.basename(p.file ?? 'x.wav'),
      );
  }
  const res = await fetch(`${engine.api}/transcription/transcribe-upload`, {
    method: 'POST',
    headers: auth(),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Status {
  status: string;
  progress: number;
  error: string | null;
  job_type: string;
}

async function finished(jobId: number): Promise<Status> {
  for (;;) {
    const { body } = await api<Status>('GET', `/transcription/status/${jobId}`);
    if (!['PENDING', 'PROCESSING'].includes(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Segment {
  id: number;
  file_index: number;
  speaker: string | null;
  speaker_label: string | null;
  text: string;
  start: number;
  end: number;
  confidence: number | null;
  words: { word: string; start: number; end: number; confidence: number | null }[];
  edited: boolean;
}

interface Result {
  status: string;
  project_id: string;
  language: string;
  text: string;
  speakers: { label: string; name: string; renamed: boolean }[];
  segments: Segment[];
  files: { filename: string; audio_url: string | null; source_url: string | null }[];
}

async function balance(): Promise<number> {
  return (await api<{ total_available_credits: number }>('GET', '/credits')).body
    .total_available_credits;
}

beforeAll(async () => {
  const packs = ready
    ? writeAsrTestPacks(
        temp.dir,
        { tiktoken, vad },
        { words: [' Hello', ' there', '.'], language: 'en', diarization: true },
      )
    : null;
  files = await serveFolder(temp.dir);
  engine = await startEngine(
    {
      // Receivers anywhere on this machine (the webhook test points at the discard port, 9).
      webhooksLoopbackPorts: [{ from: 1, to: 65535 }],
      // source_urls go through the one fetcher, which reaches this test's server by opt-in.
      fetchAllowLoopback: [Number(new URL(files.url).port)],
      ...(packs && { modelsDir: packs.modelsDir }),
    },
    packs ? { manifestsDir: packs.manifestsDir } : {},
  );
  if (ready) {
    const ffmpeg = await resolveFfmpeg({ setting: null });
    conversation = path.join(temp.dir, 'conversation.wav');
    reference = await writeConversation(ffmpeg, speech, conversation);
    fs.copyFileSync(
      path.join(speech, 'picovoice_multilingual', 'test.wav'),
      path.join(temp.dir, 'clip.wav'),
    );
  }
});

afterAll(async () => {
  await engine.stop();
  await files.close();
  temp.cleanup();
});

describe('POST /transcription/transcribe-upload', () => {
  it(
    'transcribes repeated files into one result with word times, confidence and exports',
    { timeout: 120_000 },
    async () => {
      if (!ready) return;
      const clip = path.join(speech, 'picovoice_multilingual', 'test.wav');
      const before = await balance();
      const created = await upload([
        { name: 'files', file: clip, filename: 'one.wav' },
        { name: 'files', file: path.join(speech, 'picovoice_multilingual', 'test_de.wav') },
        { name: 'language', value: 'en' },
      ]);
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({
        status: 'PENDING',
        filenames: ['one.wav', 'test_de.wav'],
      });
      // 5.86 s + 5.26 s: one started minute at 20 credits (GET /credits/multipliers).
      expect(created.body.estimated_duration).toBeCloseTo(11.12, 1);
      expect(created.body.estimated_credits).toBe(20);
      const jobId = created.body.job_id as number;
      const status = await finished(jobId);
      expect(status).toMatchObject({
        status: 'COMPLETED',
        job_type: 'transcription',
        progress: 100,
      });
      expect(before - (await balance())).toBe(20);

      const { body: result } = await api<Result>('GET', `/transcription/result/${jobId}`);
      expect(result.text).toBe('Hello there. Hello there.');
      expect(result.segments.map((s) => s.file_index)).toEqual([0, 1]);
      expect(result.segments.map((s) => s.id)).toEqual([0, 1]);
      for (const s of result.segments) {
        expect(s.speaker).toBeNull();
        expect(s.start).toBeGreaterThan(0.2);
        expect(s.end).toBeGreaterThan(s.start + 3);
        // Word times come from forced alignment of the segment's text; its match is the confidence.
        expect(s.words.map((w) => w.word)).toEqual(['Hello', 'there']);
        expect(s.confidence).not.toBeNull();
        expect(s.words[0]!.start).toBeGreaterThanOrEqual(s.start);
      }
      expect(result.files[0]?.audio_url).toMatch(/\/api\/v1\/downloads\//);

      const job = await api<{ filenames: string[]; model_type: string; credits_reserved: number }>(
        'GET',
        `/transcription/jobs/${jobId}`,
      );
      expect(job.body).toMatchObject({
        model_type: 'standard',
        filenames: ['one.wav', 'test_de.wav'],
      });

      const srt = await api<string>('GET', `/transcription/transcript/${jobId}?format=srt`);
      // The second file's cues follow the first file (5.86 s later).
      expect(srt.body).toMatch(
        /^1\n00:00:00,\d{3} --> 00:00:05,\d{3}\nHello there\.\n\n2\n00:00:06,/,
      );
      const vtt = await api<string>('GET', `/transcription/transcript/${jobId}?format=vtt`);
      expect(vtt.body.startsWith('WEBVTT\n\n')).toBe(true);
      const txt = await api<string>('GET', `/transcription/transcript/${jobId}?format=txt`);
      expect(txt.body).toBe('Hello there. Hello there.\n');
      const json = await api<{ segments: { words: unknown[] }[] }>(
        'GET',
        `/transcription/transcript/${jobId}`,
      );
      expect(json.body.segments[0]?.words).toHaveLength(2);
    },
  );

  it('refuses neither files, both files and source_urls, junk, 0 bytes and a bad language — charging nothing', async () => {
    const before = await balance();
    const neither = await upload([{ name: 'language', value: 'en' }]);
    expect(neither.status).toBe(400);
    expect(neither.body.code).toBe('validation_error');
    expect(String(neither.body.detail)).toMatch(/files is required/);
    const wav = new Uint8Array(
      fs.readFileSync(path.join(speech ?? '', 'picovoice_multilingual', 'test.wav')),
    );
    const both = await upload([
      { name: 'files', bytes: wav, filename: 'a.wav' },
      { name: 'source_urls', value: `${files.url}/clip.wav` },
    ]);
    expect(both.status).toBe(400);
    expect(String(both.body.detail)).toMatch(/not both/);
    const junk = await upload([
      { name: 'files', bytes: new TextEncoder().encode('not audio'), filename: 'a.wav' },
    ]);
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('invalid_audio');
    const empty = await upload([{ name: 'files', bytes: new Uint8Array(0), filename: 'a.wav' }]);
    expect(empty.status).toBe(400);
    expect(String(empty.body.detail)).toMatch(/empty/);
    if (!ready) return;
    const klingon = await upload([
      { name: 'files', bytes: wav, filename: 'a.wav' },
      { name: 'language', value: 'tlh' },
    ]);
    expect(klingon.status).toBe(400);
    const badCount = await upload([
      { name: 'files', bytes: wav, filename: 'a.wav' },
      { name: 'min_speakers', value: 'three' },
    ]);
    expect(badCount.status).toBe(400);
    expect(await balance()).toBe(before);
    // Nothing of the refused uploads stays in the caller's files.
    const kept = engine.engine.services.db.select().from(fileRows).all();
    const jobFiles = engine.engine.services.jobRepo
      .list({
        ownerId: 'local-owner',
        types: ['transcription', 'speaker_diarization'],
        limit: 100,
        offset: 0,
      })
      .rows.flatMap((j) =>
        (j.input as { files: { file_key: string }[] }).files.map((f) => f.file_key),
      );
    expect(kept.filter((f) => !jobFiles.includes(f.key))).toEqual([]);
  });
});

describe('POST /transcription/transcribe (source_urls)', () => {
  it('fetches through the guarded fetcher and transcribes', async () => {
    if (!ready) return;
    const created = await api<{ job_id: number; source_urls: string[] }>(
      'POST',
      '/transcription/transcribe',
      { source_urls: [`${files.url}/clip.wav`], enable_word_timestamps: false },
    );
    expect(created.status).toBe(202);
    expect((await finished(created.body.job_id)).status).toBe('COMPLETED');
    const { body } = await api<Result>('GET', `/transcription/result/${created.body.job_id}`);
    expect(body.files[0]?.source_url).toBe(`${files.url}/clip.wav`);
    expect(body.segments[0]?.words).toEqual([]);
  });

  it('refuses private addresses, other schemes, a 404 and an empty list, charging nothing', async () => {
    const before = await balance();
    for (const url of [
      'http://10.0.0.7/a.wav',
      'ftp://example.org/a.wav',
      `${files.url}/missing.wav`,
    ]) {
      const res = await api<{ code: string }>('POST', '/transcription/transcribe', {
        source_urls: [url],
      });
      expect(res.status, url).toBe(ready ? 400 : 503);
    }
    const none = await api<{ code: string }>('POST', '/transcription/transcribe', {
      source_urls: [],
    });
    expect(none.status).toBe(400);
    expect(await balance()).toBe(before);
  });
});

describe('speakers', () => {
  let diarizedJob = 0;

  function turnsOf(result: Result) {
    return result.segments.map((s) => ({
      speaker: s.speaker_label ?? '',
      start: s.start,
      end: s.end,
    }));
  }

  it(
    'premium-diarized finds the three readers of a real conversation by clustering',
    { timeout: 120_000 },
    async () => {
      if (!ready) return;
      const created = await upload([
        { name: 'files', file: conversation },
        { name: 'model_type', value: 'premium-diarized' },
        { name: 'enable_word_timestamps', value: 'false' },
        { name: 'enable_confidence_scores', value: 'false' },
      ]);
      expect(created.status).toBe(202);
      // transcription (20/min) + speaker_diarization (30/min), 63 s → two started minutes.
      expect(created.body.estimated_credits).toBe(100);
      diarizedJob = created.body.job_id as number;
      const status = await finished(diarizedJob);
      expect(status).toMatchObject({ status: 'COMPLETED', job_type: 'speaker_diarization' });
      const { body } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      expect(body.speakers.map((s) => s.label)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02']);
      // Labels follow first appearance: the first reader is SPEAKER_00, and comes back at the end.
      expect(body.segments[0]?.speaker).toBe('SPEAKER_00');
      expect(body.segments.at(-1)?.speaker).toBe('SPEAKER_00');
      const der = diarizationError(reference, turnsOf(body));
      expect(der.der).toBeLessThan(0.3);
    },
  );

  it('honours min/max speakers and enable_speaker_diarization', { timeout: 240_000 }, async () => {
    if (!ready) return;
    const two = await upload([
      { name: 'files', file: conversation },
      { name: 'enable_speaker_diarization', value: 'true' },
      { name: 'max_speakers', value: '2' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    expect((await finished(two.body.job_id as number)).status).toBe('COMPLETED');
    const twoResult = await api<Result>('GET', `/transcription/result/${String(two.body.job_id)}`);
    expect(twoResult.body.speakers).toHaveLength(2);
    const four = await upload([
      { name: 'files', file: conversation },
      { name: 'min_speakers', value: '4' },
      { name: 'max_speakers', value: '4' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    expect((await finished(four.body.job_id as number)).status).toBe('COMPLETED');
    const fourResult = await api<Result>(
      'GET',
      `/transcription/result/${String(four.body.job_id)}`,
    );
    expect(fourResult.body.speakers.length).toBeGreaterThanOrEqual(3);
    const off = await upload([
      { name: 'files', file: conversation },
      { name: 'enable_speaker_diarization', value: 'false' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    const offStatus = await finished(off.body.job_id as number);
    expect(offStatus.job_type).toBe('transcription');
    const offResult = await api<Result>('GET', `/transcription/result/${String(off.body.job_id)}`);
    expect(offResult.body.speakers).toEqual([]);
    expect(offResult.body.segments.every((s) => s.speaker === null)).toBe(true);
    const inverted = await upload([
      { name: 'files', file: conversation },
      { name: 'min_speakers', value: '3' },
      { name: 'max_speakers', value: '2' },
    ]);
    expect(inverted.status).toBe(400);
  });

  it(
    'remembers names given to speakers per project, and keeps corrections beside the result',
    { timeout: 120_000 },
    async () => {
      if (!ready) return;
      const { body: first } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      const project = first.project_id;
      const named = await api<{ speakers: { label: string; name: string }[] }>(
        'PUT',
        `/transcription/projects/${project}/speakers/SPEAKER_00`,
        { name: 'Narrator' },
      );
      expect(named.status).toBe(200);
      expect(named.body.speakers[0]).toMatchObject({ label: 'SPEAKER_00', name: 'Narrator' });
      const { body: renamed } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      expect(renamed.segments[0]?.speaker).toBe('Narrator');
      expect(renamed.speakers[0]).toMatchObject({ name: 'Narrator', renamed: true });

      // A second recording in the same project gets the name without asking.
      const again = await upload([
        { name: 'files', file: conversation },
        { name: 'model_type', value: 'premium-diarized' },
        { name: 'project_id', value: project },
        { name: 'enable_word_timestamps', value: 'false' },
        { name: 'enable_confidence_scores', value: 'false' },
      ]);
      expect(again.body.project_id).toBe(project);
      await finished(again.body.job_id as number);
      const { body: second } = await api<Result>(
        'GET',
        `/transcription/result/${String(again.body.job_id)}`,
      );
      expect(second.segments[0]?.speaker).toBe('Narrator');
      const listed = await api<{ jobs: { id: number }[]; total: number }>(
        'GET',
        `/transcription/jobs?project_id=${project}`,
      );
      expect(listed.body.total).toBe(2);

      // Corrections: new text and another speaker for one segment.
      const edit = await api<Result>('PATCH', `/transcription/transcript/${diarizedJob}`, {
        segments: [{ id: 1, text: 'Good evening.', speaker_label: 'SPEAKER_02' }],
      });
      expect(edit.status).toBe(200);
      expect(edit.body.segments[1]).toMatchObject({
        text: 'Good evening.',
        speaker_label: 'SPEAKER_02',
        edited: true,
      });
      const txt = await api<string>('GET', `/transcription/transcript/${diarizedJob}?format=txt`);
      expect(txt.body.startsWith('Narrator: Hello there.\n\n')).toBe(true);
      expect(txt.body).toContain('Good evening.');
      const unknown = await api<{ code: string }>(
        'PATCH',
        `/transcription/transcript/${diarizedJob}`,
        {
          segments: [{ id: 999, text: 'x' }],
        },
      );
      expect(unknown.status).toBe(400);

      const forgotten = await api(
        'DELETE',
        `/transcription/projects/${project}/speakers/SPEAKER_00`,
      );
      expect(forgotten.status).toBe(200);
      const { body: plain } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      expect(plain.segments[0]?.speaker).toBe('SPEAKER_00');
    },
  );
});

describe('webhooks', () => {
  it('announce job_type transcription and speaker_diarization', async () => {
    if (!ready) return;
    const endpoint = await api<{ id: string }>('POST', '/webhooks/endpoints', {
      url: 'http://127.0.0.1:9/hook',
      events: ['job.completed', 'job.failed'],
    });
    expect(endpoint.status).toBe(201);
    const plain = await upload([
      { name: 'files', file: path.join(temp.dir, 'clip.wav') },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    const speakers = await upload([
      { name: 'files', file: path.join(temp.dir, 'clip.wav') },
      { name: 'enable_speaker_diarization', value: 'true' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    await finished(plain.body.job_id as number);
    await finished(speakers.body.job_id as number);
    const deliveries = await api<{
      deliveries: { payload: { job_id: number; job_type: string } }[];
    }>('GET', `/webhooks/endpoints/${endpoint.body.id}/deliveries`);
    const types = new Map(
      deliveries.body.deliveries.map((d) => [d.payload.job_id, d.payload.job_type]),
    );
    expect(types.get(plain.body.job_id as number)).toBe('transcription');
    expect(types.get(speakers.body.job_id as number)).toBe('speaker_diarization');
  });
});
