// POST /audio/transcriptions and /audio/translations through the official `openai` SDK, on the
// real pipeline: real speech (speech/picovoice_multilingual), the real Silero VAD cutting it,
// sherpa-onnx running a Whisper model of the published sherpa export signature whose decoder is
// scripted (test-fixtures/scripted-whisper.ts), and the real Whisper tokenizer turning ids into
// text. Every format, language detection, OpenAI error objects and no charge on failure.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  languageToken,
  tiktokenRank,
  WHISPER_IDS,
  writeScriptedWhisper,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/scripted-whisper.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech/picovoice_multilingual');
const ready = tiktoken !== null && vad !== null && speech !== null;

let engine: TestEngine;
let client: OpenAI;
const temp = makeTempDir('openai-asr-');

function fileEntry(name: string, relative: string, file: string) {
  const bytes = fs.readFileSync(file);
  return {
    name,
    path: relative,
    url: `https://example.org/${relative}`,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
}

function writeManifest(
  dir: string,
  id: string,
  task: string,
  files: ReturnType<typeof fileEntry>[],
) {
  fs.writeFileSync(
    path.join(dir, `${id}.json`),
    JSON.stringify({
      manifestVersion: 1,
      id,
      task,
      version: '0.0.1',
      title: id,
      description: 'test pack',
      licence: 'MIT',
      source: { page: 'https://example.org' },
      files,
    }),
  );
}

beforeAll(async () => {
  const modelsDir = path.join(temp.dir, 'models');
  const manifests = path.join(temp.dir, 'manifests');
  fs.mkdirSync(manifests, { recursive: true });
  if (ready) {
    const words = [' Hallo', ' Welt', '.'].map((w) => tiktokenRank(tiktoken, w));
    const whisperDir = path.join(modelsDir, 'asr', 'whisper-tiny');
    const files = writeScriptedWhisper(whisperDir, [
      languageToken('de'),
      0,
      0,
      ...words,
      WHISPER_IDS.eot,
    ]);
    fs.copyFileSync(tiktoken, path.join(whisperDir, 'tokens.tiktoken'));
    fs.mkdirSync(path.join(modelsDir, 'vad'), { recursive: true });
    fs.copyFileSync(vad, path.join(modelsDir, 'vad', 'silero_vad.onnx'));
    writeManifest(manifests, 'whisper-tiny', 'asr', [
      fileEntry('encoder.onnx', 'asr/whisper-tiny/encoder.onnx', files.encoder),
      fileEntry('decoder.onnx', 'asr/whisper-tiny/decoder.onnx', files.decoder),
      fileEntry(
        'tokens.tiktoken',
        'asr/whisper-tiny/tokens.tiktoken',
        path.join(whisperDir, 'tokens.tiktoken'),
      ),
    ]);
    writeManifest(manifests, 'silero-vad', 'vad', [
      fileEntry(
        'silero_vad.onnx',
        'vad/silero_vad.onnx',
        path.join(modelsDir, 'vad', 'silero_vad.onnx'),
      ),
    ]);
  }
  engine = await startEngine({ modelsDir }, { manifestsDir: manifests });
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

  it('translations answer through the SDK too', async () => {
    if (!ready) return;
    const result = await client.audio.translations.create({
      file: await clip(),
      model: 'whisper-1',
    });
    expect(result.text).toBe('Hallo Welt.');
  });

  it('answers OpenAI error objects: no file, bad format, unknown language, not audio, 0 bytes', async () => {
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
    const credits = await fetch(`${engine.api}/credits/usage`, {
      headers: { Authorization: `Bearer ${engine.token}` },
    });
    const usage = (await credits.json()) as { service_type: string }[];
    // Only the successful calls above were billed; none of the failures.
    expect(usage.filter((u) => u.service_type === 'transcription').length).toBeLessThanOrEqual(6);
  });
});
