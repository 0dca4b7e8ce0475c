// Stem separation over real HTTP (document 3, "Stem separation") with the real embedded DSP
// engine and ffmpeg: catalog, packages, pricing, quote rounding, a four-stem job whose
// presigned downloads sum back to the mix, plan gating (403), unknown stems (400), stems no
// installed engine can produce (400 stem_unavailable, never a copy of the mix), a failing neural
// engine whose group is refunded, and bad audio (not audio, empty, a corrupt MP3, ten hours of
// silence) answered clearly while the engine keeps serving.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../engine/src/audio/decode.ts';
import type { Ffmpeg } from '../../engine/src/audio/types.ts';
import {
  separateStems,
  stemJobOutputs,
} from '../../engine/src/features/music/stems/stem-separation.ts';
import { buildModel, node, valueInfo } from '../../engine/src/inference/onnx-builder.ts';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

type Json = Record<string, unknown>;

let engine: TestEngine;
let work: { dir: string; cleanup: () => void };
const ffmpeg: Ffmpeg = { path: systemFfmpeg(), version: 'system' };
let mix = '';
let tenHoursOfSilence = '';

function run(args: string[]): void {
  execFileSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

beforeAll(async () => {
  work = makeTempDir('stems-it-');
  // 4.2 s of stereo "music": a centred 330 Hz voice-like tone with vibrato, a 55 Hz bass on
  // both sides, a hard-left 1.2 kHz pad and clicks every quarter second.
  mix = path.join(work.dir, 'mix.wav');
  run([
    '-f',
    'lavfi',
    '-i',
    "aevalsrc='0.25*sin(2*PI*330*t+3*sin(2*PI*5*t))+0.3*sin(2*PI*55*t)+0.15*sin(2*PI*1200*t)+0.6*lt(mod(t,0.25),0.004)*sin(2*PI*3000*t)|0.25*sin(2*PI*330*t+3*sin(2*PI*5*t))+0.3*sin(2*PI*55*t)+0.6*lt(mod(t,0.25),0.004)*sin(2*PI*3000*t)':s=44100:d=4.2",
    '-c:a',
    'pcm_s16le',
    mix,
  ]);
  tenHoursOfSilence = path.join(work.dir, 'ten-hours.flac');
  run([
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=8000:cl=mono',
    '-t',
    '36000',
    '-c:a',
    'flac',
    tenHoursOfSilence,
  ]);
  engine = await startEngine();
});

afterAll(async () => {
  await engine?.stop();
  work?.cleanup();
});

function auth(): Record<string, string> {
  return { Authorization: `Bearer ${engine.token}` };
}

function fileForm(
  file: string,
  fields: Record<string, string> = {},
  name = path.basename(file),
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([fs.readFileSync(file)]), name);
  return form;
}

async function post(route: string, form: FormData): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${engine.api}${route}`, { method: 'POST', headers: auth(), body: form });
  return { status: res.status, body: (await res.json()) as Json };
}

async function get(route: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${engine.api}${route}`, { headers: auth() });
  return { status: res.status, body: await res.json() };
}

/** Waits on the generic jobs route (not rate limited), then reads the stem status once. */
async function waitDone(id: number): Promise<Json> {
  const until = Date.now() + 300_000;
  for (;;) {
    const job = (await get(`/jobs/${id}`)).body as Json;
    if (['completed', 'failed', 'cancelled'].includes(String(job.status))) break;
    if (Date.now() > until) throw new Error(`job ${id} still ${String(job.status)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const status = await get(`/stem-extraction/status/${id}`);
  expect(status.status).toBe(200);
  return status.body as Json;
}

async function setTier(tier: string): Promise<void> {
  const res = await fetch(`${engine.api}/local/plan`, {
    method: 'PUT',
    headers: { ...auth(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ stems_tier: tier }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as Json).stems_tier).toBe(tier);
}

async function stereo(file: string): Promise<Float32Array> {
  return (await decodeAudio(ffmpeg, file, { sampleRate: 44_100, channels: 2 })).samples;
}

async function engineAlive(): Promise<void> {
  expect((await fetch(`${engine.api}/health`)).status).toBe(200);
}

describe('catalog, packages, pricing', () => {
  it('lists the 45 catalog stems with what this machine and plan can do', async () => {
    const { status, body } = await get('/stem-extraction/catalog');
    expect(status).toBe(200);
    const entries = body as Json[];
    expect(entries).toHaveLength(45);
    const vocals = entries.find((e) => e.id === 'vocals')!;
    expect(vocals).toMatchObject({
      group: 'core',
      public_tier: 'basic',
      allowed: true,
      excludable: true,
      available: true,
    });
    expect(entries.find((e) => e.id === 'violin')).toMatchObject({
      public_tier: 'creator',
      available: false,
    });
    expect(entries.find((e) => e.id === 'guitar')).toMatchObject({ available: false });
  });

  it('packages name the DSP engine as the lower quality tier and which modes can run', async () => {
    const body = (await get('/stem-extraction/packages/available')).body as Json;
    expect(body.plan_tier).toBe('pro');
    const engines = body.engines as Json[];
    expect(engines[engines.length - 1]).toMatchObject({ id: 'dsp', tier: 'dsp' });
    expect(String(engines[engines.length - 1]!.quality_note)).toMatch(/lower quality/);
    const modes = body.modes as Json[];
    expect(modes.find((m) => m.mode === 'four')).toMatchObject({ available: true, allowed: true });
    expect(modes.find((m) => m.mode === 'six')).toMatchObject({ available: false });
  });

  it('prices every standard mode at the 0.10 USD a minute base rate', async () => {
    const body = (await get('/stem-extraction/pricing')).body as Json;
    expect(body.base_rate_usd_per_minute).toBe(0.1);
    const groups = body.groups as Json[];
    expect(groups.find((g) => g.id === 'standard')).toMatchObject({
      credits_per_minute: 660,
      usd_per_minute: 0.1,
    });
    expect(groups.find((g) => g.id === 'vocal_lead_backing')).toMatchObject({
      credits_per_minute: 990,
    });
  });

  it('quotes a measured file: duration up to whole seconds, total down to whole credits', async () => {
    const { status, body } = await post('/stem-extraction/quote', fileForm(mix, { mode: 'four' }));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.duration_seconds as number).toBeCloseTo(4.2, 1);
    expect(body.billed_seconds).toBe(5);
    // 660 × 5 / 60 = 55 credits.
    expect(body.total_credits).toBe(55);
    expect((body.outputs as Json[]).every((o) => o.tier === 'dsp')).toBe(true);
  });
});

describe('separation jobs', () => {
  it('four stems on the DSP tier: presigned downloads that sum back to the mix, fully charged', async () => {
    const { status, body } = await post(
      '/stem-extraction/api/extract',
      fileForm(mix, { mode: 'four' }),
    );
    expect(status, JSON.stringify(body)).toBe(202);
    const created = body.job as Json;
    expect(created.status).toBe('PENDING');
    const job = await waitDone(created.id as number);
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    expect(job.quality_tier).toBe('dsp');
    expect(String(job.quality_note)).toMatch(/lower quality/);
    const urls = job.download_urls as Record<string, string>;
    expect(Object.keys(urls).sort()).toEqual(['bass', 'drums', 'other', 'vocals']);
    expect(job.credits_charged).toBe(job.credits_reserved);
    expect(job.credits_charged).toBe(55);
    const original = await stereo(mix);
    const sum = new Float32Array(original.length);
    for (const [stem, url] of Object.entries(urls)) {
      const res = await fetch(`${engine.url}${url}`); // no credential: the signature is the permission
      expect(res.status, stem).toBe(200);
      const file = path.join(work.dir, `${stem}.wav`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const samples = await stereo(file);
      expect(samples.length).toBe(original.length);
      for (let i = 0; i < sum.length; i++) sum[i] = sum[i]! + samples[i]!;
    }
    let err = 0;
    let ref = 0;
    for (let i = 0; i < sum.length; i++) {
      err += (sum[i]! - original[i]!) ** 2;
      ref += original[i]! ** 2;
    }
    // Masks sum to one: the stems rebuild the mix to 16-bit rounding (> 60 dB).
    expect(10 * Math.log10(ref / err)).toBeGreaterThan(60);
    // The bass stem holds the 55 Hz line; the vocal stem does not.
    const bass = await stereo(path.join(work.dir, 'bass.wav'));
    const vocals = await stereo(path.join(work.dir, 'vocals.wav'));
    const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / x.length);
    expect(rms(bass)).toBeGreaterThan(0.1);
    expect(rms(vocals)).toBeGreaterThan(0.03);
    expect(rms(vocals)).toBeLessThan(rms(original));
  });

  it('two mode by file_key gives vocals and no_vocals', async () => {
    const up = await fetch(`${engine.api}/files`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'audio/wav', 'X-Filename': 'mix.wav' },
      body: fs.readFileSync(mix),
    });
    expect(up.status).toBe(201);
    const key = ((await up.json()) as Json).file_key as string;
    const res = await fetch(`${engine.api}/stem-extraction/api/extract`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_key: key, mode: 'two' }),
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(202);
    const job = await waitDone((body.job as Json).id as number);
    expect(Object.keys(job.download_urls as Json).sort()).toEqual(['no_vocals', 'vocals']);
  });
});

describe('stem-separation.ts (used by audio-to-MIDI)', () => {
  it('separates directly, reporting a stem no engine can make as failed with its reason', async () => {
    const services = engine.engine.services.music;
    const fractions: number[] = [];
    const out = await separateStems(services, {
      filePath: mix,
      stems: ['bass', 'guitar'],
      signal: new AbortController().signal,
      onProgress: (f) => fractions.push(f),
    });
    expect(out.stems.map((s) => [s.stem, s.engine, s.tier])).toEqual([['bass', 'dsp', 'dsp']]);
    expect(fs.existsSync(out.stems[0]!.path)).toBe(true);
    expect(out.failed).toHaveLength(1);
    expect(out.failed[0]!.stem).toBe('guitar');
    expect(out.failed[0]!.reason).toMatch(/no installed separation engine can produce "guitar"/);
    expect(fractions[fractions.length - 1]).toBe(1);
  });

  it('answers a finished job’s files, null for others, and expired once purged', async () => {
    const services = engine.engine.services.music;
    const { body } = await post(
      '/stem-extraction/api/extract',
      fileForm(mix, { mode: 'single', stem: 'drums' }),
    );
    const id = (body.job as Json).id as number;
    await waitDone(id);
    const owner = services.jobRepo.get(id)!.ownerId;
    const outputs = stemJobOutputs(services, owner, id);
    expect(outputs).not.toBeNull();
    expect(outputs).not.toBe('expired');
    if (outputs === null || outputs === 'expired') return;
    expect(outputs.stems.map((s) => s.stem).sort()).toEqual(['drums', 'no_drums']);
    expect(outputs.stems.every((s) => fs.existsSync(s.path))).toBe(true);
    expect(stemJobOutputs(services, 'someone-else', id)).toBeNull();
    expect(stemJobOutputs(services, owner, 999_999)).toBeNull();
    fs.rmSync(path.join(engine.home, 'stems', String(id)), { recursive: true, force: true });
    expect(stemJobOutputs(services, owner, id)).toBe('expired');
    const status = (await get(`/stem-extraction/status/${id}`)).body as Json;
    expect(status.outputs_expired).toBe(true);
    expect(status.download_urls).toEqual({});
  });
});

describe('request errors', () => {
  it('gates modes and catalog stems above the plan with 403', async () => {
    await setTier('basic');
    try {
      const producer = await post(
        '/stem-extraction/api/extract',
        fileForm(mix, { mode: 'producer' }),
      );
      expect(producer.status).toBe(403);
      expect(String(producer.body.detail)).toMatch(/Creator/);
      const violin = await post(
        '/stem-extraction/extract/advanced',
        fileForm(mix, { single_stem: 'violin' }),
      );
      expect(violin.status).toBe(403);
      const catalog = (await get('/stem-extraction/catalog')).body as Json[];
      expect(catalog.find((e) => e.id === 'violin')!.allowed).toBe(false);
      expect(catalog.find((e) => e.id === 'drums')!.allowed).toBe(true);
    } finally {
      await setTier('pro');
    }
  });

  it('rejects unknown stems and modes with 400', async () => {
    const kazoo = await post(
      '/stem-extraction/extract/advanced',
      fileForm(mix, { single_stem: 'kazoo' }),
    );
    expect(kazoo.status).toBe(400);
    expect(kazoo.body.code).toBe('validation_error');
    const single = await post(
      '/stem-extraction/api/extract',
      fileForm(mix, { mode: 'single', stem: 'kazoo' }),
    );
    expect(single.status).toBe(400);
    const mode = await post('/stem-extraction/api/extract', fileForm(mix, { mode: 'twelve' }));
    expect(mode.status).toBe(400);
    const both = await post(
      '/stem-extraction/api/extract',
      fileForm(mix, { mode: 'two', url: 'https://example.com/a.mp3' }),
    );
    expect(both.status).toBe(400);
  });

  it('refuses stems no installed engine can produce, naming what would help', async () => {
    const six = await post('/stem-extraction/api/extract', fileForm(mix, { mode: 'six' }));
    expect(six.status).toBe(400);
    expect(six.body.code).toBe('stem_unavailable');
    expect(String(six.body.detail)).toMatch(/guitar, piano/);
    const guitar = await post(
      '/stem-extraction/api/extract',
      fileForm(mix, { mode: 'single', stem: 'guitar' }),
    );
    expect(guitar.body.code).toBe('stem_unavailable');
    const violin = await post(
      '/stem-extraction/extract/advanced',
      fileForm(mix, { single_stem: 'violin' }),
    );
    expect(violin.status).toBe(400);
    expect(violin.body.code).toBe('stem_unavailable');
  });

  it('404s another id and a non-stem job', async () => {
    expect((await get('/stem-extraction/status/999999')).status).toBe(404);
  });
});

describe('bad audio', () => {
  it('not audio (invalid_audio) and zero-length files are clear 400s', async () => {
    const text = path.join(work.dir, 'notes.mp3');
    fs.writeFileSync(text, 'this is not audio at all\n'.repeat(50));
    const notAudio = await post('/stem-extraction/api/extract', fileForm(text, { mode: 'two' }));
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.code).toBe('invalid_audio');
    const empty = path.join(work.dir, 'empty.wav');
    fs.writeFileSync(empty, '');
    const zero = await post('/stem-extraction/api/extract', fileForm(empty, { mode: 'two' }));
    // The file store refuses an empty upload before any decoding.
    expect(zero.status).toBe(400);
    expect(zero.body.code).toBe('validation_error');
    expect(String(zero.body.detail)).toMatch(/empty/);
    await engineAlive();
  });

  it('a corrupt MP3 ends in a clear error or stems of what decodes', async () => {
    const mp3 = path.join(work.dir, 'good.mp3');
    run(['-i', mix, '-c:a', 'libmp3lame', '-b:a', '128k', mp3]);
    const bytes = fs.readFileSync(mp3);
    for (let i = 2000; i < bytes.length; i += 7) bytes[i] = (bytes[i]! * 31 + 17) & 0xff;
    const corrupt = path.join(work.dir, 'corrupt.mp3');
    fs.writeFileSync(corrupt, bytes);
    const res = await post('/stem-extraction/api/extract', fileForm(corrupt, { mode: 'two' }));
    if (res.status === 202) {
      const job = await waitDone((res.body.job as Json).id as number);
      expect(['COMPLETED', 'FAILED']).toContain(job.status);
      if (job.status === 'FAILED') expect(String(job.error_message).length).toBeGreaterThan(10);
      else expect(Object.keys(job.download_urls as Json).sort()).toEqual(['no_vocals', 'vocals']);
    } else {
      expect(res.status).toBe(400);
      expect(String(res.body.detail).length).toBeGreaterThan(10);
    }
    await engineAlive();
  });

  it('ten hours of silence is refused at once with the limit named', async () => {
    const res = await post(
      '/stem-extraction/api/extract',
      fileForm(tenHoursOfSilence, { mode: 'two' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(String(res.body.detail)).toMatch(/10\.0 hours .* at most 3 hours/);
    await engineAlive();
  });
});

describe('a failing neural engine', () => {
  let second: TestEngine;
  const previous = process.env.TAPEHOUSE_MANIFESTS_DIR;

  beforeAll(async () => {
    // A "UVR MDX-Net" pack whose model has the wrong input shape: ONNX Runtime refuses every
    // call, so the stems routed to it fail while the DSP engine's stems succeed.
    const manifests = path.join(work.dir, 'manifests');
    const models = path.join(work.dir, 'models');
    fs.mkdirSync(manifests, { recursive: true });
    fs.mkdirSync(path.join(models, 'stems'), { recursive: true });
    const broken = buildModel({
      graph: {
        name: 'broken',
        inputs: [valueInfo('input', 'float32', [1, 4, 8, 8])],
        outputs: [valueInfo('output', 'float32', [1, 4, 8, 8])],
        nodes: [node('Identity', ['input'], ['output'])],
      },
    });
    const modelFile = path.join(models, 'stems', 'UVR-MDX-NET-Inst_HQ_3.onnx');
    fs.writeFileSync(modelFile, broken);
    fs.writeFileSync(
      path.join(manifests, 'uvr-mdx-net-inst-hq3.json'),
      JSON.stringify({
        manifestVersion: 1,
        id: 'uvr-mdx-net-inst-hq3',
        task: 'stems',
        version: '0.0.0-test',
        title: 'broken test pack',
        description: 'a model with the wrong input shape',
        licence: 'MIT',
        source: { page: 'https://example.invalid/' },
        files: [
          {
            name: 'UVR-MDX-NET-Inst_HQ_3.onnx',
            path: 'stems/UVR-MDX-NET-Inst_HQ_3.onnx',
            url: 'https://example.invalid/model.onnx',
            sha256: createHash('sha256').update(broken).digest('hex'),
            bytes: broken.length,
          },
        ],
      }),
    );
    process.env.TAPEHOUSE_MANIFESTS_DIR = manifests;
    second = await startEngine({ modelsDir: models });
  });

  afterAll(async () => {
    if (previous === undefined) delete process.env.TAPEHOUSE_MANIFESTS_DIR;
    else process.env.TAPEHOUSE_MANIFESTS_DIR = previous;
    await second?.stop();
  });

  it('reports the failed stems with a reason and refunds their group', async () => {
    const packages = (await (
      await fetch(`${second.api}/stem-extraction/packages/available`, {
        headers: { Authorization: `Bearer ${second.token}` },
      })
    ).json()) as Json;
    expect((packages.engines as Json[]).map((e) => e.id)).toEqual(['uvr-mdx-net-inst-hq3', 'dsp']);
    const before = (await (
      await fetch(`${second.api}/credits`, { headers: { Authorization: `Bearer ${second.token}` } })
    ).json()) as Json;
    const res = await fetch(`${second.api}/stem-extraction/extract/advanced`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${second.token}` },
      body: fileForm(mix, { single_stem: 'vocals', exclude_stems: '["drums"]' }),
    });
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body)).toBe(202);
    const id = (body.job as Json).id as number;
    const auth2 = { Authorization: `Bearer ${second.token}` };
    for (;;) {
      const job = (await (
        await fetch(`${second.api}/jobs/${id}`, { headers: auth2 })
      ).json()) as Json;
      if (job.status !== 'queued' && job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const job = (await (
      await fetch(`${second.api}/stem-extraction/status/${id}`, { headers: auth2 })
    ).json()) as Json;
    expect(job.status).toBe('COMPLETED');
    expect(Object.keys(job.failed_stems as Json)).toEqual(['vocals']);
    expect(Object.keys(job.download_urls as Json)).toEqual(['no_drums']);
    expect(job.refunded_groups).toEqual(['core']);
    expect(job.credits_charged).toBe(0);
    const after = (await (await fetch(`${second.api}/credits`, { headers: auth2 })).json()) as Json;
    expect(after.total_available_credits).toBe(before.total_available_credits);
  });
});
