// Audio to MIDI over real HTTP (document 3, "Audio to MIDI"): real ffmpeg and the real Basic
// Pitch model (nmp.onnx) through ONNX Runtime on a real piano render with MIDI ground truth,
// both input modes (file upload and url from a local server the owner allowed), the downloads
// parsed back as MIDI, validation errors, bad audio that must fail clearly while the engine keeps
// serving, delete purging the outputs, and the from-stems route's refusals.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import MidiPackage from '@tonejs/midi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchNotes } from '../../engine/src/features/music/midi/note-matching.ts';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from '../helpers/engine.ts';
import { collectJobEvents } from '../helpers/sse.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const { Midi } = MidiPackage;
type Json = Record<string, unknown>;

const model = realModel('midi/nmp.onnx');
const music = realData('music/piano_midi_de');
const ready = model !== null && music !== null;

let engine: TestEngine;
let work: { dir: string; cleanup: () => void };
let server: http.Server;
let serverUrl = '';
let piano = '';
let tenHours = '';
const ffmpegPath = systemFfmpeg();

function run(args: string[]): void {
  execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

beforeAll(async () => {
  work = makeTempDir('midi-it-');
  if (ready) {
    // 20 s of the Bach prelude render keeps the suite quick on two cores.
    piano = path.join(work.dir, 'bach.flac');
    run(['-i', path.join(music, 'bach_846.excerpt60.flac'), '-t', '20', piano]);
    tenHours = path.join(work.dir, 'ten-hours.flac');
    run(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '36000', '-c:a', 'flac', tenHours]);
  }
  server = http.createServer((req, res) => {
    if (req.url === '/bach.flac') {
      res.writeHead(200, { 'Content-Type': 'audio/flac' });
      fs.createReadStream(piano).pipe(res);
    } else if (req.url === '/moved') {
      res.writeHead(302, { Location: '/bach.flac' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The owner's loopback opt-in (the webhooks switch) lets url inputs reach the local server.
  engine = await startEngine({ webhooksLoopbackPorts: UNPRIVILEGED_PORTS });
});

afterAll(async () => {
  await engine?.stop();
  await new Promise((resolve) => server.close(resolve));
  work.cleanup();
});

function auth(): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}` };
}

function form(fields: Record<string, string>, file?: string, name?: string): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (file !== undefined)
    body.set('file', new Blob([fs.readFileSync(file)]), name ?? path.basename(file));
  return body;
}

async function convert(
  body: FormData,
  on: TestEngine = engine,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${on.api}/midi/convert`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${on.token}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Waits on the generic jobs route (the MIDI status route is rate limited), then reads it once. */
async function waitDone(id: number, timeoutMs = 300_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${engine.api}/jobs/${id}`, { headers: auth() });
    expect(res.status).toBe(200);
    const job = (await res.json()) as Json;
    if (['completed', 'failed', 'cancelled'].includes(String(job.status))) break;
    if (Date.now() > until) throw new Error(`MIDI job ${id} still ${String(job.status)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await fetch(`${engine.api}/midi/status/${id}`, { headers: auth() });
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

async function creditsUsed(): Promise<number> {
  const res = await fetch(`${engine.api}/credits`, { headers: auth() });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total_credits_used: number }).total_credits_used;
}

async function engineAlive(): Promise<void> {
  expect((await fetch(`${engine.api}/health`)).status).toBe(200);
}

function groundTruth(seconds: number) {
  return fs
    .readFileSync(path.join(music!, 'bach_846.excerpt60.notes.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map((c) => ({ onset: Number(c[0]), pitch: Number(c[2]) }))
    .filter((n) => n.onset < seconds - 0.5);
}

async function midiAt(url: unknown): Promise<InstanceType<typeof Midi>> {
  expect(typeof url).toBe('string');
  const res = await fetch(url as string);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/midi/);
  return new Midi(new Uint8Array(await res.arrayBuffer()));
}

describe.runIf(ready)('POST /midi/convert with the real model', () => {
  let completed: Json;

  it('transcribes an uploaded piano render (split: false) with stages, tempo and downloads', async () => {
    const events = collectJobEvents(`${engine.api}/jobs/events`, engine.token);
    const created = await convert(
      form(
        { stems: '["piano"]', options: JSON.stringify({ split: false }) },
        piano,
        'Bach Prelude.flac',
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      mode: 'standalone',
      source_job_id: null,
      stems_requested: ['piano'],
      skipped_stems: [],
      original_filename: 'Bach Prelude.flac',
    });
    const job = await waitDone(created.body.id as number);
    events.close();
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    completed = job;
    const stages = new Set(
      events.events.filter((e) => e.job.id === job.id).map((e) => e.job.stage),
    );
    expect(stages.has('transcribe')).toBe(true);
    expect(stages.has('merge')).toBe(true);
    expect(job.progress).toBe(100);
    expect(job.stage).toBeNull();
    expect(job.failed_stems).toBeNull();
    expect(job.duration).toBe(20);
    expect(job.tempo_source).toBe('detected');
    expect(job.detected_tempo_bpm as number).toBeGreaterThan(30);
    expect(Object.keys(job.midi_urls as Json)).toEqual(['piano']);
    expect(job.stem_urls).toEqual({});

    const stem = await midiAt((job.midi_urls as Json).piano);
    expect(stem.tracks).toHaveLength(1);
    expect(stem.tracks[0]!.name).toBe('Piano');
    expect(stem.tracks[0]!.instrument.number).toBe(0);
    const estimated = stem.tracks[0]!.notes.map((n) => ({ onset: n.time, pitch: n.midi }));
    expect(estimated.length).toBe((job.note_counts as Json).piano);
    const scores = matchNotes(
      groundTruth(20),
      estimated.filter((n) => n.onset < 19.5),
    );
    expect(scores.recall).toBeGreaterThan(0.9);
    expect(scores.f1).toBeGreaterThan(0.6);

    const merged = await midiAt(job.merged_midi_url);
    expect(merged.header.tempos[0]!.bpm).toBeCloseTo(job.detected_tempo_bpm as number, 1);
    expect(merged.tracks[0]!.notes).toHaveLength(estimated.length);
  });

  it('honours tempo_bpm and the thresholds', async () => {
    const created = await convert(
      form(
        {
          stems: '["piano"]',
          options: JSON.stringify({
            split: false,
            tempo_bpm: 96,
            onset_threshold: 0.9,
            min_note_len_ms: 500,
          }),
        },
        piano,
      ),
    );
    expect(created.status).toBe(202);
    const job = await waitDone(created.body.id as number);
    expect(job.status).toBe('COMPLETED');
    expect(job.detected_tempo_bpm).toBe(96);
    expect(job.tempo_source).toBe('override');
    const merged = await midiAt(job.merged_midi_url);
    expect(merged.header.tempos[0]!.bpm).toBeCloseTo(96, 3);
    const strict = (job.note_counts as Record<string, number>).piano!;
    expect(strict).toBeLessThan((completed.note_counts as Record<string, number>).piano!);
    expect(merged.tracks[0]!.notes.every((n) => n.duration > 0.45)).toBe(true);
  });

  it('fetches a url input from a local server (redirect followed) and names the track by the stem', async () => {
    const created = await convert(
      form({ url: `${serverUrl}/moved`, stems: '["bass","drums"]', options: '{"split":false}' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.original_filename).toBe('bach.flac');
    expect(created.body.skipped_stems).toEqual(['drums']);
    const job = await waitDone(created.body.id as number);
    expect(job.status).toBe('COMPLETED');
    expect(Object.keys(job.midi_urls as Json)).toEqual(['bass']);
    const midi = await midiAt((job.midi_urls as Json).bass);
    expect(midi.tracks[0]!.name).toBe('Bass');
    expect(midi.tracks[0]!.instrument.number).toBe(33);
  });

  it('refuses a loopback url when the owner has not opted in', async () => {
    const plain = await startEngine();
    try {
      const res = await convert(
        form({ url: `${serverUrl}/bach.flac`, options: '{"split":false}' }),
        plain,
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(String(res.body.detail)).toMatch(/loopback|this machine|not a public/i);
    } finally {
      await plain.stop();
    }
  });

  it('lists jobs newest first with skip and limit, and deletes one, purging its outputs', async () => {
    const list = (await (
      await fetch(`${engine.api}/midi/jobs?skip=0&limit=2`, { headers: auth() })
    ).json()) as Json;
    expect(list.total as number).toBeGreaterThanOrEqual(3);
    expect((list.jobs as Json[]).length).toBe(2);
    expect(list.has_more).toBe(true);
    const ids = (list.jobs as Json[]).map((j) => j.id as number);
    expect(ids[0]).toBeGreaterThan(ids[1]!);

    const id = completed.id as number;
    const fresh = (await (
      await fetch(`${engine.api}/midi/status/${id}`, { headers: auth() })
    ).json()) as Json;
    const url = fresh.merged_midi_url as string;
    expect((await fetch(url)).status).toBe(200);
    const del = await fetch(`${engine.api}/midi/jobs/${id}`, { method: 'DELETE', headers: auth() });
    expect(del.status).toBe(204);
    expect((await fetch(`${engine.api}/midi/status/${id}`, { headers: auth() })).status).toBe(404);
    expect([404, 410]).toContain((await fetch(url)).status);
    const after = (await (
      await fetch(`${engine.api}/midi/jobs?limit=100`, { headers: auth() })
    ).json()) as Json;
    expect((after.jobs as Json[]).some((j) => j.id === id)).toBe(false);
    expect(after.total).toBe((list.total as number) - 1);
    expect(
      (await fetch(`${engine.api}/midi/jobs/${id}`, { method: 'DELETE', headers: auth() })).status,
    ).toBe(404);
  });

  it('transcribes short silence to a correct empty result', async () => {
    const silence = path.join(work.dir, 'silence.wav');
    run(['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', '5', silence]);
    const created = await convert(
      form({ stems: '["piano"]', options: '{"split":false}' }, silence),
    );
    const job = await waitDone(created.body.id as number);
    expect(job.status).toBe('COMPLETED');
    expect(job.note_counts).toEqual({ piano: 0 });
    expect(job.detected_tempo_bpm).toBeNull();
    expect(job.tempo_source).toBe('default');
    const midi = await midiAt(job.merged_midi_url);
    expect(midi.tracks[0]!.notes).toHaveLength(0);
    expect(midi.header.tempos[0]!.bpm).toBeCloseTo(120, 3);
  });

  it('refuses ten hours of silence as too long, before charging', async () => {
    const res = await convert(form({ options: '{"split":false}' }, tenHours));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_audio');
    expect(String(res.body.detail)).toMatch(/at most 30 minutes/);
    await engineAlive();
  });
});

describe('POST /midi/convert refusals', () => {
  it('400 when both file and url are sent, and when neither is', async () => {
    const wav = path.join(work.dir, 'tone.wav');
    run(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
    const both = await convert(
      form({ url: `${serverUrl}/bach.flac`, options: '{"split":false}' }, wav),
    );
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('validation_error');
    expect(String(both.body.detail)).toMatch(/not both/);
    const neither = await convert(form({ stems: '["piano"]' }));
    expect(neither.status).toBe(400);
    expect(String(neither.body.detail)).toMatch(/file.*url/);
  });

  it.each([
    [
      'onset_threshold above 0.95',
      { options: '{"onset_threshold":0.99,"split":false}' },
      /onset_threshold/,
    ],
    [
      'frame_threshold below 0.05',
      { options: '{"frame_threshold":0.01,"split":false}' },
      /frame_threshold/,
    ],
    [
      'min_note_len_ms below 10',
      { options: '{"min_note_len_ms":5,"split":false}' },
      /min_note_len_ms/,
    ],
    ['tempo_bpm below 30', { options: '{"tempo_bpm":20,"split":false}' }, /tempo_bpm/],
    ['an unknown option', { options: '{"onset":0.5,"split":false}' }, /onset/],
    ['options that are not JSON', { options: '{split:false' }, /JSON/],
    ['an unknown stem', { stems: '["kazoo"]', options: '{"split":false}' }, /stems/],
    [
      'only skipped stems',
      { stems: '["drums","other"]', options: '{"split":false}' },
      /never transcribed/,
    ],
  ])('400 for %s', async (_name, fields, message) => {
    const wav = path.join(work.dir, 'tone.wav');
    run(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
    const res = await convert(form(fields, wav));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(String(res.body.detail)).toMatch(message);
  });

  it('400 for a file that is not audio, and for an empty one; the engine keeps serving', async () => {
    const text = path.join(work.dir, 'list.wav');
    fs.writeFileSync(text, 'this is a shopping list, not a recording\n'.repeat(50));
    const notAudio = await convert(form({ options: '{"split":false}' }, text));
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.code).toBe('invalid_audio');
    expect(String(notAudio.body.detail)).toMatch(/list\.wav/);
    const empty = path.join(work.dir, 'empty.wav');
    fs.writeFileSync(empty, '');
    const zero = await convert(form({ options: '{"split":false}' }, empty));
    expect(zero.status).toBe(400);
    expect(String(zero.body.detail)).toMatch(/empty/);
    await engineAlive();
  });

  it.runIf(ready)(
    'fails a corrupt MP3 clearly (at creation or as a FAILED job) and keeps serving',
    async () => {
      const good = path.join(work.dir, 'good.mp3');
      run(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-c:a', 'libmp3lame', good]);
      const bytes = fs.readFileSync(good);
      const corrupt = Buffer.alloc(bytes.length);
      bytes.copy(corrupt, 0, 0, 64);
      for (let i = 64; i < corrupt.length; i++) corrupt[i] = (i * 7919) % 251;
      const file = path.join(work.dir, 'corrupt.mp3');
      fs.writeFileSync(file, corrupt);
      const res = await convert(form({ options: '{"split":false}' }, file));
      if (res.status === 202) {
        const job = await waitDone(res.body.id as number);
        expect(job.status).toBe('FAILED');
        expect(String(job.error_message)).toMatch(/damaged|not a media file|no audio|transcribed/i);
      } else {
        expect(res.status).toBe(400);
        expect(['invalid_audio', 'unsupported_media']).toContain(res.body.code);
      }
      await engineAlive();
    },
  );

  it('404 for another job id on status and delete', async () => {
    expect((await fetch(`${engine.api}/midi/status/999999`, { headers: auth() })).status).toBe(404);
    const del = await fetch(`${engine.api}/midi/jobs/999999`, {
      method: 'DELETE',
      headers: auth(),
    });
    expect(del.status).toBe(404);
  });
});

describe.runIf(ready)('split: true and from-stems with the stems feature', () => {
  let mix = '';
  beforeAll(() => {
    // 8 s of the Slakh excerpt: bass, drums and other instruments, no vocals.
    mix = path.join(work.dir, 'slakh-mix.flac');
    run([
      '-i',
      path.join(music!, '../slakh_track00001/audio_excerpt_90-121s/mix.flac'),
      '-t',
      '8',
      mix,
    ]);
  });

  it('separates the requested stems, transcribes each, and never uses the mix for a stem it cannot make', async () => {
    const events = collectJobEvents(`${engine.api}/jobs/events`, engine.token);
    const before = await creditsUsed();
    const created = await convert(form({ stems: '["bass","piano","drums"]' }, mix, 'song.flac'));
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.options).toMatchObject({ split: true });
    const job = await waitDone(created.body.id as number);
    events.close();
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    const stages = new Set(
      events.events.filter((e) => e.job.id === job.id).map((e) => e.job.stage),
    );
    expect(stages.has('split')).toBe(true);
    expect(stages.has('transcribe')).toBe(true);
    expect(job.skipped_stems).toEqual(['drums']);
    // The split delivered a stem: the stem separation base rate (660) + the add-on (165).
    expect((await creditsUsed()) - before).toBe(825);
    const engines = job.stem_engines as Record<string, { engine: string; tier: string }>;
    expect(Object.keys(job.midi_urls as Json)).toContain('bass');
    expect(engines.bass?.tier).toMatch(/^(dsp|neural)$/);
    // piano: transcribed only from a separator that makes it, else failed with the reason.
    if ((job.midi_urls as Json).piano === undefined) {
      expect((job.failed_stems as Record<string, string>).piano).toMatch(
        /no installed separation engine/,
      );
      expect(job.stem_urls).not.toHaveProperty('piano');
    } else {
      expect(engines.piano?.tier).toBe('neural');
    }
    const stemAudio = await fetch((job.stem_urls as Record<string, string>).bass!);
    expect(stemAudio.status).toBe(200);
    expect(stemAudio.headers.get('content-type')).toMatch(/audio\/wav/);
    const merged = await midiAt(job.merged_midi_url);
    expect(merged.tracks.map((t) => t.name)).toContain('Bass');
    // The separator's own files were handed over and removed; only the file store keeps them.
    const direct = path.join(engine.home, 'stems', 'direct');
    const left = fs.existsSync(direct) ? fs.readdirSync(direct) : [];
    expect(left).toEqual([]);
  });

  it('transcribes a finished stem job (no re-split), refuses stems it lacks, and 410 once purged', async () => {
    const body = new FormData();
    body.set('mode', 'four');
    body.set('file', new Blob([fs.readFileSync(mix)]), 'song.flac');
    const stem = await fetch(`${engine.api}/stem-extraction/api/extract`, {
      method: 'POST',
      headers: auth(),
      body,
    });
    expect(stem.status).toBe(202);
    const stemJobId = ((await stem.json()) as { job: { id: number } }).job.id;
    const until = Date.now() + 300_000;
    for (;;) {
      const job = (await (
        await fetch(`${engine.api}/jobs/${stemJobId}`, { headers: auth() })
      ).json()) as Json;
      if (job.status === 'completed') break;
      expect(['queued', 'running']).toContain(job.status);
      if (Date.now() > until) throw new Error('stem job did not finish');
      await new Promise((r) => setTimeout(r, 300));
    }
    const fromStems = (stems?: string[]) =>
      fetch(`${engine.api}/midi/convert/from-stems/${stemJobId}`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify(stems ? { stems } : {}),
      });

    const lacking = await fromStems(['piano']);
    expect(lacking.status).toBe(400);
    expect(((await lacking.json()) as Json).detail).toMatch(/has no piano/);

    const created = await fromStems();
    const createdBody = (await created.json()) as Json;
    expect(created.status, JSON.stringify(createdBody)).toBe(202);
    expect(createdBody).toMatchObject({ mode: 'from_stems', source_job_id: stemJobId });
    expect(createdBody.stems_requested).toEqual(['bass', 'vocals', 'drums', 'other']);
    const job = await waitDone(createdBody.id as number);
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    expect(job.skipped_stems).toEqual(['drums', 'other']);
    expect(Object.keys(job.midi_urls as Json).sort()).toEqual(['bass', 'vocals']);
    expect(job.stem_urls).toEqual({});
    expect(job.tempo_source).toBe('detected');

    fs.rmSync(path.join(engine.home, 'stems', String(stemJobId)), { recursive: true, force: true });
    const gone = await fromStems();
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as Json).code).toBe('gone');
    await engineAlive();
  });

  it('from-stems: 404 for a stem job that does not exist', async () => {
    const res = await fetch(`${engine.api}/midi/convert/from-stems/987654`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});
