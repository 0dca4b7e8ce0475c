// Custom voices through the whole engine (docs/api/voices-custom.md) on real speech: LibriSpeech
// speakers and a real music mix (TAPEHOUSE_DATA_DIR), the real Silero VAD, DNSMOS and
// DeepFilterNet3 (TAPEHOUSE_MODELS_DIR). Sample checks come before any pack check, so a bad clip
// is a 400 on an engine without a cloning pack; a good one is a 503 there and costs nothing.
// With the two cloning packs installed (their real manifests, generated models of the published
// signatures: test/helpers/clone-packs.ts) voices are made by PocketTTS and ZipVoice through
// sherpa-onnx, speak through /audio/speech, and are renamed and deleted.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio, resolveFfmpeg } from '../../engine/src/audio/index.ts';
import { registerUser } from '../helpers/accounts.ts';
import { client, waitForJob, type Client } from '../helpers/audiobook.ts';
import { installClonePacks, manifestsWith } from '../helpers/clone-packs.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { pocketBandEdges } from '../../engine/src/features/voices/cloning/generated/pocket-graphs.ts';
import { envelopeSimilarity, spectralEnvelope } from '../helpers/spectral-envelope.ts';
import { audioForm, joinClips, speakerFile } from '../helpers/voice-samples.ts';

const dataDir = realData('speech/librispeech_test-other_10spk')
  ? process.env.TAPEHOUSE_DATA_DIR
  : null;
const vad = realModel('vad/silero_vad.onnx');
const ready = dataDir !== null && dataDir !== undefined && vad !== null;
const temp = makeTempDir('tapehouse-custom-voices-');

interface Created {
  id: number;
  uuid: string;
  status: string;
  name: string;
  clone_job_id: number | null;
  file_path: string | null;
  gender: string;
  engine: string;
  language: string;
  quality: {
    files: {
      filename: string;
      speech_share: number;
      dnsmos: { ovrl: number } | null;
      sample_rate: number;
    }[];
    warnings: string[];
    quality: string;
    denoised: boolean;
    total_speech_seconds: number;
  } | null;
}

const clips: Record<string, string> = {};
let bare: TestEngine;
let cloning: TestEngine;
let plain: Client;
let api: Client;

async function balance(c: Client): Promise<number> {
  const res = await c.get<{ total_available_credits: number }>('/credits');
  return res.body.total_available_credits;
}

beforeAll(async () => {
  if (!ready || !dataDir) return;
  const s = (speaker: string, n: number) => speakerFile(dataDir, speaker, n);
  clips.short = await joinClips([s('2414', 0)], path.join(temp.dir, 'short.wav'));
  clips.long = await joinClips(
    [s('2609', 4), s('2609', 7), s('2609', 0)],
    path.join(temp.dir, 'long.wav'),
    {
      maxSeconds: 40,
    },
  );
  clips.music = await joinClips(
    [path.join(dataDir, 'music/slakh_track00001/audio_excerpt_90-121s/mix.flac')],
    path.join(temp.dir, 'music.wav'),
    { maxSeconds: 20, sampleRate: 44_100 },
  );
  clips.woman = await joinClips([s('1688', 1)], path.join(temp.dir, 'woman.wav'));
  clips.man = await joinClips([s('2609', 2)], path.join(temp.dir, 'man.wav'));
  clips.man2 = await joinClips([s('2609', 6)], path.join(temp.dir, 'man2.wav'));
  clips.man3 = await joinClips([s('2609', 4)], path.join(temp.dir, 'man3.wav'));
  clips.other = await joinClips([s('1998', 0)], path.join(temp.dir, 'other.wav'));

  bare = await startEngine(
    { home: path.join(temp.dir, 'bare') },
    { manifestsDir: manifestsWith(path.join(temp.dir, 'bare-manifests'), []) },
  );
  plain = client(bare, bare.token);

  const home = path.join(temp.dir, 'cloning');
  const { manifests } = await installClonePacks(path.join(temp.dir, 'packs'), home);
  cloning = await startEngine({ home }, { manifestsDir: manifests });
  api = client(cloning, cloning.token);
}, 120_000);

afterAll(async () => {
  await bare?.stop();
  await cloning?.stop();
  temp.cleanup();
});

describe.runIf(ready)('sample checks come first (no cloning pack installed)', () => {
  it('refuses a 3 s clip and a 40 s clip for an instant clone with 400 invalid_audio', async () => {
    const short = await plain.form<{ code: string; reason: string }>(
      '/voice/voice-clone',
      audioForm(clips.short ?? '', 'file', { name: 'Short' }),
    );
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'invalid_audio', reason: 'too_short' });
    const long = await plain.form<{ code: string; reason: string; duration_seconds: number }>(
      '/voice/voice-clone',
      audioForm(clips.long ?? '', 'file', { name: 'Long' }),
    );
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ reason: 'too_long', duration_seconds: 40 });
  });

  it('refuses music with a clear error', async () => {
    const res = await plain.form<{ code: string; detail: string; reason: string }>(
      '/voice/voice-profiles',
      audioForm(clips.music ?? '', 'file', { name: 'Song' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('not_speech');
    expect(res.body.detail).toMatch(/does not sound like speech/);
  });

  it('answers a good sample with 503 naming the cloning pack, and charges nothing', async () => {
    const before = await balance(plain);
    const res = await plain.form<{ code: string; detail: string }>(
      '/voice/voice-profiles',
      audioForm(clips.woman ?? '', 'file', { name: 'Reader' }),
    );
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('model_not_installed');
    expect(res.body.detail).toMatch(/voice-cloning model/);
    expect(res.body.detail).not.toMatch(/manifest|models\/|npm run|TAPEHOUSE_/);
    // English without a transcript: PocketTTS is the pack to install.
    expect(res.body.detail).toMatch(/“Voice cloning: PocketTTS \(English\)” from the Models page/);
    expect(await balance(plain)).toBe(before);
    const list = await plain.get<{ total: number }>('/voice/voice-profiles?voice_type=CUSTOM');
    expect(list.body.total).toBe(0);
  });
});

describe.runIf(ready)('custom voices with a cloning pack', () => {
  it('clones a voice instantly: COMPLETED at once, speaking through /audio/speech', async () => {
    const before = await balance(api);
    const res = await api.form<Created>(
      '/voice/voice-clone',
      audioForm(clips.woman ?? '', 'file', { name: 'Mara' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'COMPLETED',
      name: 'Mara',
      gender: 'female',
      engine: 'pocket',
      language: 'en-US',
    });
    expect(res.body.file_path).toMatch(/reference\.wav$/);
    expect(fs.existsSync(path.join(cloning.home, res.body.file_path ?? ''))).toBe(true);
    expect(await balance(api)).toBe(before - 250);
    for (const voice of [res.body.id, 'mara']) {
      const speech = await fetch(`${cloning.api}/audio/speech`, {
        method: 'POST',
        headers: { ...api.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: 'Nothing is as it seems.', voice, response_format: 'wav' }),
      });
      expect(speech.status).toBe(200);
      expect((await speech.arrayBuffer()).byteLength).toBeGreaterThan(20_000);
    }
  });

  it('gives different speakers different voices (the prompt reaches the model)', async () => {
    const envelopeOf = async (file: string) => {
      const pcm = await decodeAudio(await resolveFfmpeg({ setting: null }), file, { channels: 1 });
      return spectralEnvelope(pcm.samples, pcm.sampleRate, pocketBandEdges());
    };
    const spoken = async (clip: string, name: string) => {
      const made = await api.form<Created>('/voice/voice-clone', audioForm(clip, 'file', { name }));
      expect(made.status).toBe(201);
      const speech = await fetch(`${cloning.api}/audio/speech`, {
        method: 'POST',
        headers: { ...api.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          input: 'A plain test sentence, long enough to hear the voice in it.',
          voice: made.body.id,
          response_format: 'wav',
        }),
      });
      const file = path.join(temp.dir, `${name}.wav`);
      fs.writeFileSync(file, Buffer.from(await speech.arrayBuffer()));
      return envelopeOf(file);
    };
    const tom = await spoken(clips.man ?? '', 'Tom');
    const ana = await spoken(clips.woman ?? '', 'Ana');
    const tomSample = await envelopeOf(clips.man ?? '');
    const anaSample = await envelopeOf(clips.woman ?? '');
    expect(envelopeSimilarity(tom, tomSample)).toBeGreaterThan(envelopeSimilarity(tom, anaSample));
    expect(envelopeSimilarity(ana, anaSample)).toBeGreaterThan(envelopeSimilarity(ana, tomSample));
  });

  it('clones with ZipVoice for Chinese, given the sample’s words, and speaks Chinese', async () => {
    const without = await api.form<{ code: string; fields: { loc: string[] }[] }>(
      '/voice/voice-clone',
      audioForm(clips.man ?? '', 'file', { name: 'Li', language: 'zh-CN' }),
    );
    expect(without.status, JSON.stringify(without.body)).toBe(400);
    expect(without.body.fields[0]?.loc).toEqual(['body', 'reference_text']);
    const made = await api.form<Created>(
      '/voice/voice-clone',
      audioForm(clips.man ?? '', 'file', {
        name: 'Li',
        language: 'zh-CN',
        reference_text: 'He said that the lamps were lit and the road was long.',
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ engine: 'zipvoice', language: 'zh-CN' });
    const prompt = path.join(cloning.home, 'custom-voices', made.body.uuid);
    expect(fs.readFileSync(path.join(prompt, 'prompt.txt'), 'utf8')).toMatch(/lamps were lit/);
    const speech = await fetch(`${cloning.api}/audio/speech`, {
      method: 'POST',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        input: '你好，世界。',
        voice: made.body.uuid,
        response_format: 'wav',
      }),
    });
    expect(speech.status, await speech.clone().text()).toBe(200);
    expect((await speech.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it('uses the cloning model asked for, and refuses an unknown one', async () => {
    const made = await api.form<Created>(
      '/voice/voice-clone',
      audioForm(clips.other ?? '', 'file', {
        name: 'Zed',
        model: 'zipvoice-distill-zh-en',
        reference_text: 'Some words.',
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ engine: 'zipvoice', language: 'zh-CN' });
    const unknown = await api.form<{ code: string }>(
      '/voice/voice-clone',
      audioForm(clips.other ?? '', 'file', { name: 'Zed', model: 'no-such-model' }),
    );
    expect(unknown.status).toBe(400);
    const unspoken = await api.form<{ code: string; detail: string }>(
      '/voice/voice-clone',
      audioForm(clips.other ?? '', 'file', { name: 'Zed', language: 'fr-FR' }),
    );
    expect(unspoken.status).toBe(400);
    expect(unspoken.body.detail).toMatch(/No voice-cloning model speaks fr-FR/);
  });

  it('makes a multi-sample voice PROCESSING → COMPLETED with a measured quality report', async () => {
    const form = audioForm(clips.man ?? '', 'voice_files', { name: 'Owen', description: 'calm' });
    for (const clip of [clips.man2, clips.man3])
      form.append(
        'voice_files',
        new Blob([fs.readFileSync(clip ?? '')]),
        path.basename(clip ?? ''),
      );
    const before = await balance(api);
    const res = await api.form<Created>('/voice/voice-profiles/multi-sample', form);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.status).toBe('PROCESSING');
    expect(res.body.quality?.files).toHaveLength(3);
    const job = await waitForJob(api, res.body.clone_job_id ?? 0, 240_000);
    expect(job.status, job.error_message ?? '').toBe('completed');
    const voice = await api.get<Created>(`/voice/voice-profiles/${res.body.id}`);
    expect(voice.body).toMatchObject({ status: 'COMPLETED', gender: 'male' });
    const report = voice.body.quality;
    expect(report?.files.map((f) => f.filename)).toEqual(['man.wav', 'man2.wav', 'man3.wav']);
    for (const file of report?.files ?? []) {
      expect(file.speech_share).toBeGreaterThan(0.5);
      expect(file.dnsmos?.ovrl).toBeGreaterThan(1);
      expect(file.dnsmos?.ovrl).toBeLessThan(5);
    }
    // LibriSpeech is 16 kHz: below the 22 kHz guidance, reported rather than refused.
    expect(report?.warnings.some((w) => /22 kHz/.test(w))).toBe(true);
    expect(report?.total_speech_seconds).toBeGreaterThan(20);
    expect(await balance(api)).toBe(before - 250);
    const status = await api.get<{ status: string; voice_type: string }>(
      `/voice/voices/${res.body.id}/status`,
    );
    expect(status.body).toMatchObject({ status: 'COMPLETED', voice_type: 'CUSTOM' });
  }, 300_000);

  it('refuses a multi-sample voice with one file, or with a clip too short', async () => {
    const one = await api.form<{ code: string }>(
      '/voice/voice-profiles/multi-sample',
      audioForm(clips.man ?? '', 'voice_files', { name: 'One' }),
    );
    expect(one.status).toBe(400);
    const form = audioForm(clips.man ?? '', 'voice_files', { name: 'Two' });
    form.append('voice_files', new Blob([fs.readFileSync(clips.short ?? '')]), 'short.wav');
    const short = await api.form<{ code: string; file: string }>(
      '/voice/voice-profiles/multi-sample',
      form,
    );
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'invalid_audio', file: 'short.wav' });
  });

  it('denoises a sample with DeepFilterNet3 when asked', async () => {
    if (!realModel('denoise/deepfilternet3/enc.onnx')) return;
    const res = await api.form<Created>(
      '/voice/voice-profiles',
      audioForm(clips.other ?? '', 'file', { name: 'Clean', denoise: 'true' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const job = await waitForJob(api, res.body.clone_job_id ?? 0, 300_000);
    expect(job.status, job.error_message ?? '').toBe('completed');
    const voice = await api.get<Created>(`/voice/voice-profiles/${res.body.id}`);
    expect(voice.body.quality?.denoised).toBe(true);
  }, 400_000);

  it('lists, renames, shares and deletes one’s own voices; others see only public ones', async () => {
    const made = await api.form<Created>(
      '/voice/voice-clone',
      audioForm(clips.man ?? '', 'file', { name: 'Draft' }),
    );
    const id = made.body.id;
    const renamed = await fetch(`${cloning.api}/voice/voice-profiles/${id}`, {
      method: 'PATCH',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Final', description: 'the keeper' }),
    });
    expect(((await renamed.json()) as Created).name).toBe('Final');
    const mine = await api.get<{ voices: { id: number; name: string }[] }>(
      '/voice/voice-profiles?voice_type=CUSTOM&include_public=false',
    );
    expect(mine.body.voices.map((v) => v.name)).toContain('Final');
    const bob = await registerUser(cloning);
    const other = client(cloning, bob.tokens.access_token);
    expect((await other.get(`/voice/voice-profiles/${id}`)).status).toBe(404);
    expect((await other.delete(`/voice/voice-profiles/${id}`)).status).toBe(404);
    const shared = await fetch(`${cloning.api}/voice/voice-profiles/${id}`, {
      method: 'PATCH',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_public: true }),
    });
    expect(shared.status).toBe(200);
    expect((await other.get(`/voice/voice-profiles/${id}`)).status).toBe(200);
    const gone = await api.delete<{ deleted: boolean }>(`/voice/voice-profiles/${id}`);
    expect(gone.body.deleted).toBe(true);
    expect(fs.existsSync(path.join(cloning.home, 'custom-voices', made.body.uuid))).toBe(false);
    expect((await api.get(`/voice/voice-profiles/${id}`)).status).toBe(404);
    const speech = await fetch(`${cloning.api}/audio/speech`, {
      method: 'POST',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input: 'Gone.', voice: id }),
    });
    expect(speech.status).toBe(404);
  });
});
