// ZipVoice voices made without typed words (docs/api/voices-custom.md, "Cloning packs"): the
// speech area's Whisper hears the prompt's words — sherpa-onnx running a Whisper model of the
// published export signature with a scripted decoder and the real tokenizer, after the real
// Silero VAD — and the voices area keeps them beside the prompt. With the diarization pack's
// speaker embedding installed (generated, sherpa's CAM++ signature) the voice's job reports how
// close the clone sounds to its sample. The cloning pack is generated too (helpers/clone-packs).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAsrTestPacks } from '../helpers/asr-packs.ts';
import { client, waitForJob, type Client } from '../helpers/audiobook.ts';
import { installClonePacks } from '../helpers/clone-packs.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { audioForm, joinClips, speakerFile } from '../helpers/voice-samples.ts';

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const data = realData('speech/librispeech_test-other_10spk')
  ? process.env.TAPEHOUSE_DATA_DIR
  : null;
const ready = tiktoken !== null && vad !== null && Boolean(data);
const temp = makeTempDir('tapehouse-cloned-hearing-');
let engine: TestEngine;
let api: Client;
let sample = '';

interface Voice {
  id: number;
  uuid: string;
  status: string;
  engine: string;
  clone_job_id: number | null;
  quality: { speaker_similarity?: number } | null;
}

beforeAll(async () => {
  if (!ready || !tiktoken || !vad || !data) return;
  const home = path.join(temp.dir, 'home');
  const { manifests } = await installClonePacks(path.join(temp.dir, 'packs'), home);
  const asr = writeAsrTestPacks(
    path.join(temp.dir, 'asr'),
    { tiktoken, vad },
    { words: [' Hello', ' there', '.'], language: 'en', diarization: true },
  );
  // Whisper, the VAD and the diarization pack from the speech test packs, beside the rest.
  for (const name of fs.readdirSync(asr.manifestsDir))
    fs.copyFileSync(path.join(asr.manifestsDir, name), path.join(manifests, name));
  engine = await startEngine({ home, modelsDir: asr.modelsDir }, { manifestsDir: manifests });
  api = client(engine, engine.token);
  sample = await joinClips(
    [speakerFile(data, '2609', 2), speakerFile(data, '2609', 4)],
    path.join(temp.dir, 'sample.wav'),
    { maxSeconds: 24 },
  );
}, 180_000);

afterAll(async () => {
  await engine?.stop();
  temp.cleanup();
});

describe.runIf(ready)('a ZipVoice voice without typed words', () => {
  it('is cloned at once with the words Whisper heard in its prompt', async () => {
    const made = await api.form<Voice>(
      '/voice/voice-clone',
      audioForm(sample, 'file', { name: 'Heard', language: 'zh-CN' }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'COMPLETED', engine: 'zipvoice' });
    const folder = path.join(engine.home, 'custom-voices', made.body.uuid);
    expect(fs.readFileSync(path.join(folder, 'prompt.txt'), 'utf8').trim()).toMatch(
      /^Hello there\.( Hello there\.)*$/,
    );
    const speech = await fetch(`${engine.api}/audio/speech`, {
      method: 'POST',
      headers: { ...api.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ input: '你好，世界。', voice: made.body.id, response_format: 'wav' }),
    });
    expect(speech.status).toBe(200);
  });

  it('is made by a job from samples, scored against its sample by the speaker embedding', async () => {
    const made = await api.form<Voice>(
      '/voice/voice-profiles',
      audioForm(sample, 'file', { name: 'Scored', language: 'zh-CN' }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const job = await waitForJob(api, made.body.clone_job_id ?? 0, 240_000);
    expect(job.status, job.error_message ?? '').toBe('completed');
    const voice = await api.get<Voice>(`/voice/voice-profiles/${made.body.id}`);
    expect(voice.body.status).toBe('COMPLETED');
    const similarity = voice.body.quality?.speaker_similarity;
    expect(typeof similarity).toBe('number');
    expect(similarity).toBeGreaterThanOrEqual(-1);
    expect(similarity).toBeLessThanOrEqual(1);
    expect(
      fs.existsSync(path.join(engine.home, 'custom-voices', made.body.uuid, 'prompt.txt')),
    ).toBe(true);
  });
});
