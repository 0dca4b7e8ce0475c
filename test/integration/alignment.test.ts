// POST /speech/align over real HTTP: a real LibriSpeech/Picovoice recording with its reference
// word timings (speech/picovoice_multilingual) aligned against eSpeak NG's reading of the text,
// with the real Silero VAD refining the edges, plus the request errors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData, realModel } from '../helpers/requirements.ts';

interface Word {
  text: string;
  start: number;
  end: number;
  match: number;
}
interface ReferenceWord {
  word: string;
  start_sec: number;
  end_sec: number;
}

const data = realData('speech/picovoice_multilingual');
const vad = realModel('vad/silero_vad.onnx');
let engine: TestEngine;

beforeAll(async () => {
  engine = await startEngine({ modelsDir: process.env.TAPEHOUSE_MODELS_DIR ?? null });
});

afterAll(async () => {
  await engine.stop();
});

async function align(
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string } | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const res = await fetch(`${engine.api}/speech/align`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${engine.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /speech/align', () => {
  it('times every word of a real recording within the reference timings', async () => {
    if (data === null || vad === null) return;
    const tests = JSON.parse(fs.readFileSync(path.join(data, 'test_data.json'), 'utf8')) as {
      tests: {
        language_tests: {
          audio_file: string;
          transcript_with_punctuation: string;
          words: ReferenceWord[];
        }[];
      };
    };
    const clip = tests.tests.language_tests.find((t) => t.audio_file === 'test.wav')!;
    const { status, body } = await align(
      { text: clip.transcript_with_punctuation, language: 'en' },
      { bytes: fs.readFileSync(path.join(data, 'test.wav')), name: 'test.wav' },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const words = body.words as Word[];
    expect(body.vad_refined).toBe(true);
    expect(words.map((w) => w.text.toLowerCase())).toEqual(
      clip.words.map((w) => w.word.toLowerCase()),
    );
    const errors = words
      .flatMap((w, i) => [w.start - clip.words[i]!.start_sec, w.end - clip.words[i]!.end_sec])
      .map(Math.abs)
      .sort((a, b) => a - b);
    // The eval reports the precise numbers; here: most edges within 0.1 s, none wildly off.
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(0.1);
    expect(errors.at(-1)).toBeLessThan(0.6);
    for (let i = 1; i < words.length; i++)
      expect(words[i]!.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    expect(body.duration).toBeCloseTo(5.86, 1);
  });

  it('flags a stretch that was never read as a departure from the text', async () => {
    if (data === null || vad === null) return;
    const spoken =
      'Mr. Quilter is the apostle of the middle classes and we are glad to welcome his gospel.';
    const text = `${spoken} Meanwhile seventeen purple elephants quietly rearranged the library catalogue.`;
    const { status, body } = await align(
      { text, language: 'en' },
      { bytes: fs.readFileSync(path.join(data, 'test.wav')), name: 'test.wav' },
    );
    expect(status).toBe(200);
    const departures = body.departures as { text: string }[];
    expect(departures.length).toBeGreaterThan(0);
    expect(departures.map((d) => d.text).join(' ')).toMatch(/elephants|library|catalogue|purple/);
  });

  it('answers clear 400s for a missing file, empty text, an unknown language and non-audio', async () => {
    const wav = { bytes: new Uint8Array([1, 2, 3, 4]), name: 'x.wav' };
    const noFile = await align({ text: 'hello' }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.code).toBe('validation_error');
    const empty = await align({ text: '  ' }, wav);
    expect(empty.status).toBe(400);
    const lang = await align({ text: 'hello', language: 'xx-klingon-9' }, wav);
    expect(lang.status).toBe(400);
    expect(String(lang.body.detail)).toContain('xx-klingon-9');
    const junk = await align({ text: 'hello world' }, wav);
    expect(junk.status).toBe(400);
    expect(['invalid_audio', 'unsupported_media']).toContain(junk.body.code);
    const zero = await align({ text: 'hello world' }, { bytes: new Uint8Array(0), name: 'z.wav' });
    expect(zero.status).toBe(400);
  });
});
