// POST /audio/transcriptions and /audio/translations through the official `openai` SDK, on the
// real pipeline: real speech (speech/picovoice_multilingual), the real Silero VAD cutting it,
// sherpa-onnx running a Whisper model of the published sherpa export signature whose decoder is
// scripted (test-fixtures/scripted-whisper.ts), and the real Whisper tokenizer turning ids into
// text. Every format, language detection, OpenAI error objects and no charge on failure.
import fs from 'node:fs';
import path from 'node:path';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAsrTestPacks } from '../helpers/asr-packs.ts';
import { ROOT, startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech/picovoice_multilingual');
const ready = tiktoken !== null && vad !== null && speech !== null;

let engine: TestEngine;
let client: OpenAI;
const temp = makeTempDir('openai-asr-');

beforeAll(async () => {
  const packs = ready
    ? writeAsrTestPacks(
        temp.dir,
        { tiktoken, vad },
        { words: [' Hallo', ' Welt', '.'], language: 'de', diarization: true },
      )
    : null;
  engine = await startEngine(
    packs ? { modelsDir: packs.modelsDir } : {},
    packs ? { manifestsDir: packs.manifestsDir } : {},
  );
  client = new OpenAI({ apiKey: engine.token, baseURL: `${engine.url}/v1`, maxRetries: 0 });
});

afterAll(async () => {
  await engine.stop();
  temp.cleanup();
});

async function clip() {
  return toFile(fs.readFileSync(path.join(speech!, 'test.wav')), 'test.wav');
}

describe('OpenAI SDK → /v1/audio/transcriptions', () => {
  it('json, text, srt, vtt and verbose_json carry the recognised text and the detected language', async () => {
    if (!ready) return;
    const json = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'whisper-1',
    });
    expect(json.text).toBe('Hallo Welt.');
    const text = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'text',
    });
    expect(String(text).trim()).toBe('Hallo Welt.');
    const srt = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'srt',
    });
    expect(String(srt)).toMatch(/^1\n00:00:00,\d{3} --> 00:00:0\d,\d{3}\nHallo Welt\.\n/);
    const vtt = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'vtt',
    });
    expect(String(vtt)).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> /);
    const verbose = await client.audio.transcriptions.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'verbose_json',
    });
    expect(verbose.language).toBe('de');
    expect(verbose.duration).toBeCloseTo(5.86, 1);
    // The VAD found the one stretch of speech in the clip (0.5 s to about 5.8 s).
    expect(verbose.segments?.length).toBe(1);
    expect(verbose.segments?.[0]?.start).toBeGreaterThan(0.3);
    expect(verbose.segments?.[0]?.start).toBeLessThan(0.7);
  });

  it('diarized_json labels the speaker of every segment', async () => {
    if (!ready) return;
    const diarized = (await client.audio.transcriptions.create({
      file: await clip(),
      model: 'gpt-4o-transcribe-diarize',
      response_format: 'diarized_json',
    })) as unknown as OpenAI.Audio.TranscriptionDiarized;
    expect(diarized.task).toBe('transcribe');
    expect(diarized.text).toBe('Hallo Welt.');
    expect(diarized.segments).toHaveLength(1);
    expect(diarized.segments[0]).toMatchObject({
      type: 'transcript.text.segment',
      speaker: 'SPEAKER_00',
      text: 'Hallo Welt.',
    });
  });

  it('translations answer through the SDK in json, text, srt, vtt and verbose_json', async () => {
    if (!ready) return;
    const json = await client.audio.translations.create({ file: await clip(), model: 'whisper-1' });
    expect(json.text).toBe('Hallo Welt.');
    const text = await client.audio.translations.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'text',
    });
    expect(String(text).trim()).toBe('Hallo Welt.');
    const srt = await client.audio.translations.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'srt',
    });
    expect(String(srt)).toMatch(/^1\n00:00:00,\d{3} --> /);
    const vtt = await client.audio.translations.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'vtt',
    });
    expect(String(vtt)).toMatch(/^WEBVTT\n\n/);
    const verbose = (await client.audio.translations.create({
      file: await clip(),
      model: 'whisper-1',
      response_format: 'verbose_json',
    })) as OpenAI.Audio.TranslationVerbose & { task: string };
    expect(verbose).toMatchObject({ task: 'translate', text: 'Hallo Welt.' });
    expect(verbose.segments?.[0]?.text).toBe('Hallo Welt.');
  });

  it('answers OpenAI error objects: no file, bad format, unknown language, not audio, 0 bytes — charging nothing', async () => {
    const balance = async () =>
      (
        (await (
          await fetch(`${engine.api}/credits`, {
            headers: { Authorization: `Bearer ${engine.token}` },
          })
        ).json()) as { total_available_credits: number }
      ).total_available_credits;
    const before = await balance();
    const post = async (form: FormData) => {
      const res = await fetch(`${engine.api}/audio/transcriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${engine.token}` },
        body: form,
      });
      return {
        status: res.status,
        body: (await res.json()) as {
          error: { type: string; param: string | null; message: string };
        },
      };
    };
    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    const a = await post(noFile);
    expect(a.status).toBe(400);
    expect(a.body.error.param).toBe('file');
    const badFormat = new FormData();
    badFormat.append('file', new Blob([new Uint8Array(10)]), 'a.wav');
    badFormat.append('response_format', 'xml');
    expect((await post(badFormat)).body.error.param).toBe('response_format');
    if (!ready) return;
    const lang = new FormData();
    lang.append('file', new Blob([fs.readFileSync(path.join(speech, 'test.wav'))]), 'a.wav');
    lang.append('language', 'tlh');
    const l = await post(lang);
    expect(l.status).toBe(400);
    expect(l.body.error.param).toBe('language');
    const junk = new FormData();
    junk.append('file', new Blob([Buffer.from('not audio at all')]), 'a.wav');
    const j = await post(junk);
    expect(j.status).toBe(400);
    expect(j.body.error.type).toBe('invalid_request_error');
    const empty = new FormData();
    empty.append('file', new Blob([]), 'a.wav');
    expect((await post(empty)).status).toBe(400);
    expect(await balance()).toBe(before);
  });
});

describe('a missing model pack', () => {
  it('is a 503 OpenAI error naming the install command of the real manifest', async () => {
    if (!ready) return;
    // Whisper and the VAD present, the diarization pack not: its real manifest sits beside them.
    const packs = writeAsrTestPacks(
      path.join(temp.dir, 'no-diarization'),
      { tiktoken, vad },
      { words: [' Hallo', '.'], language: 'de', diarization: false },
    );
    fs.copyFileSync(
      path.join(ROOT, 'models', 'speaker-diarization.json'),
      path.join(packs.manifestsDir, 'speaker-diarization.json'),
    );
    const bare = await startEngine(
      { modelsDir: packs.modelsDir },
      { manifestsDir: packs.manifestsDir },
    );
    try {
      const sdk = new OpenAI({ apiKey: bare.token, baseURL: `${bare.url}/v1`, maxRetries: 0 });
      const error = await sdk.audio.transcriptions
        .create({ file: await clip(), model: 'whisper-1', response_format: 'diarized_json' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.InternalServerError);
      const apiError = error as InstanceType<typeof OpenAI.APIError>;
      expect(apiError.status).toBe(503);
      expect(apiError.code).toBe('model_not_installed');
      expect(apiError.message).toContain('needs the “');
      expect(apiError.message).toContain('Install it on the Models page');
    } finally {
      await bare.stop();
    }
  });
});
