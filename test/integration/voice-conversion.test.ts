// Voice conversion through the whole engine (docs/api/voices-custom.md, "Voice conversion"):
// requests are checked (file, target voice, speech) before the pack, a missing conversion pack
// is a 503 naming what to install with nothing charged, and with a generated OpenVoice V2 pack
// (a random checkpoint of the published layout, installed through the model mirror, its ONNX
// graphs assembled at install) the job re-voices real LibriSpeech speech on the assembled graph:
// the output keeps the source's length, differs for different targets, and is charged per
// started minute.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, resolveFfmpeg } from '../../engine/src/audio/index.ts';
import { writeGeneratedConversionPack } from '../../engine/src/features/voices/conversion/generated-openvoice-pack.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { client, waitForJob, type Client } from '../helpers/audiobook.ts';
import { ROOT, startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { audioForm, joinClips, speakerFile } from '../helpers/voice-samples.ts';

const dataDir = realData('speech/librispeech_test-other_10spk')
  ? process.env.TAPEHOUSE_DATA_DIR
  : null;
const ready = Boolean(dataDir) && realModel('vad/silero_vad.onnx') !== null;
const temp = makeTempDir('tapehouse-conversion-');

let bare: TestEngine;
let converting: TestEngine;
let plain: Client;
let api: Client;
let speech = '';
let music = '';

function manifestsWith(extra: Record<string, unknown> | null): string {
  const dir = fs.mkdtempSync(path.join(temp.dir, 'manifests-'));
  for (const name of fs.readdirSync(path.join(ROOT, 'models')))
    if (name.endsWith('.json'))
      fs.copyFileSync(path.join(ROOT, 'models', name), path.join(dir, name));
  if (extra) fs.writeFileSync(path.join(dir, `${String(extra.id)}.json`), JSON.stringify(extra));
  return dir;
}

/** A designed voice (needs no pack): a COMPLETED custom voice with an audio file. */
async function designedVoice(c: Client, prompt: string, name: string): Promise<string> {
  const made = await c.post<{ previews: { preview_id: string }[] }>('/voice/design', {
    design_prompt: prompt,
    num_samples: 1,
    seed: 1,
  });
  expect(made.status).toBe(200);
  const published = await c.post<{ uuid: string }>('/voice/design/publish', {
    preview_id: made.body.previews[0]?.preview_id,
    name,
  });
  expect(published.status).toBe(201);
  return published.body.uuid;
}

async function balance(c: Client): Promise<number> {
  return (await c.get<{ total_available_credits: number }>('/credits')).body
    .total_available_credits;
}

beforeAll(async () => {
  if (!ready || !dataDir) return;
  speech = await joinClips([speakerFile(dataDir, '1688', 1)], path.join(temp.dir, 'speech.wav'));
  music = await joinClips(
    [path.join(dataDir, 'music/piano_midi_de/bach_846.excerpt60.flac')],
    path.join(temp.dir, 'music.wav'),
    { maxSeconds: 12 },
  );
  bare = await startEngine(
    { home: path.join(temp.dir, 'bare') },
    { manifestsDir: manifestsWith(null) },
  );
  plain = client(bare, bare.token);
  const pack = writeGeneratedConversionPack(path.join(temp.dir, 'pack'));
  const manifests = manifestsWith(pack.manifest);
  const home = path.join(temp.dir, 'converting');
  fs.mkdirSync(home, { recursive: true });
  await installPack(
    new ModelRegistry({ home, modelsDir: null }, { manifestsDir: manifests }),
    'conversion-generated',
    { from: pack.source },
  );
  converting = await startEngine({ home }, { manifestsDir: manifests });
  api = client(converting, converting.token);
}, 120_000);

afterAll(async () => {
  await bare?.stop();
  await converting?.stop();
  temp.cleanup();
});

describe.runIf(ready)('voice conversion without a conversion pack', () => {
  it('checks the request, then answers 503 naming what to install, charging nothing', async () => {
    const target = await designedVoice(
      plain,
      'A calm middle-aged woman with a warm voice.',
      'Vera',
    );
    expect((await plain.form('/voice/voice-convert', audioForm(speech, 'file'))).status).toBe(400);
    const unknown = await plain.form<{ code: string }>(
      '/voice/voice-convert',
      audioForm(speech, 'file', { voice_uuid: crypto.randomUUID() }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('voice_not_found');
    const notSpeech = await plain.form<{ reason: string }>(
      '/voice/voice-convert',
      audioForm(music, 'file', { voice_uuid: target }),
    );
    expect(notSpeech.status).toBe(400);
    expect(notSpeech.body.reason).toBe('not_speech');
    const before = await balance(plain);
    const res = await plain.form<{ code: string; detail: string }>(
      '/voice/voice-convert',
      audioForm(speech, 'file', { voice_uuid: target }),
    );
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('model_not_installed');
    expect(res.body.detail).toMatch(
      /Converting a voice needs the “Voice conversion \(OpenVoice V2 tone colour converter\)” pack/,
    );
    expect(await balance(plain)).toBe(before);
    const jobs = await plain.get<{ total: number }>('/voice/convert/jobs');
    expect(jobs.body.total).toBe(0);
  });
});

describe.runIf(ready)('voice conversion with a conversion pack', () => {
  it('re-voices speech keeping its timing; different targets sound different', async () => {
    const high = await designedVoice(api, 'A bright young woman with a high, light voice.', 'Lia');
    const low = await designedVoice(
      api,
      'A very deep old man with a slow, booming bass voice.',
      'Bo',
    );
    const before = await balance(api);
    const results: { samples: Float32Array; seconds: number }[] = [];
    for (const target of [high, low]) {
      const res = await api.form<{ id: number; status: string; target_voice_uuid: string }>(
        '/voice/voice-convert',
        audioForm(speech, 'file', { voice_uuid: target }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({ status: 'PENDING', target_voice_uuid: target });
      const job = await waitForJob(api, res.body.id, 120_000);
      expect(job.status, job.error_message ?? '').toBe('completed');
      const status = await api.get<{
        status: string;
        output_url: string;
        conversion_metadata: { duration: number };
      }>(`/voice/convert/${res.body.id}/status`);
      expect(status.body.status).toBe('COMPLETED');
      const wav = path.join(temp.dir, `converted-${res.body.id}.wav`);
      fs.writeFileSync(wav, Buffer.from(await (await fetch(status.body.output_url)).arrayBuffer()));
      const pcm = await decodeAudio(await resolveFfmpeg({ setting: null }), wav, { channels: 1 });
      results.push({ samples: pcm.samples, seconds: pcm.samples.length / pcm.sampleRate });
    }
    const source = await decodeAudio(await resolveFfmpeg({ setting: null }), speech, {
      channels: 1,
    });
    const sourceSeconds = source.samples.length / source.sampleRate;
    for (const r of results) expect(Math.abs(r.seconds - sourceSeconds)).toBeLessThan(0.1);
    // The target's tone moves the flow: the two conversions differ by far more than rounding.
    const [a, b] = [
      results[0]?.samples ?? new Float32Array(),
      results[1]?.samples ?? new Float32Array(),
    ];
    let diff = 0;
    let power = 0;
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      diff += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
      power += (a[i] ?? 0) ** 2;
    }
    expect(power).toBeGreaterThan(0);
    expect(Math.sqrt(diff / power)).toBeGreaterThan(0.1);
    // 12.6 s each: one started minute at 60 credits per conversion.
    expect(await balance(api)).toBe(before - 120);
    const jobs = await api.get<{ jobs: { status: string }[]; total: number }>(
      '/voice/convert/jobs?status=COMPLETED',
    );
    expect(jobs.body.total).toBe(2);
  }, 300_000);
});
