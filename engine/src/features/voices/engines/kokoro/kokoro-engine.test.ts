// The Kokoro adapter end to end in the worker pool with real ONNX Runtime, on a Kokoro-format
// model, vocabulary and voice pack the project generates (kokoro/generated-kokoro-voice.ts).
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../../test/helpers/temp-dir.ts';
import { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { phonemizeSentences } from '../phonemes/espeak-phonemizer.ts';
import {
  GENERATED_KOKORO,
  generatedStyleValue,
  writeGeneratedKokoro,
} from './generated-kokoro-voice.ts';
import { KokoroEngine } from './kokoro-engine.ts';
import { kokoroTokenize, parseKokoroVocab } from './kokoro-vocab.ts';

const temp = makeTempDir('tapehouse-kokoro-');
const pool = new WorkerPool(1);
afterAll(async () => {
  await pool.close();
  temp.cleanup();
});

const files = writeGeneratedKokoro(temp.dir, ['af_test', 'bm_test']);
const vocab = parseKokoroVocab(JSON.parse(fs.readFileSync(files.vocabPath, 'utf8')), 'config');
const engine = new KokoroEngine(pool, (voice) =>
  voice === 'af_single' ? { ...files, voicesPath: files.firstVoiceBin } : files,
);
const HOP = GENERATED_KOKORO.hop;

function peak(samples: Float32Array): number {
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s));
  return max;
}

async function tokenCounts(text: string, espeak: string): Promise<number[]> {
  return (await phonemizeSentences(text, espeak)).map(
    (s) => kokoroTokenize(s.phonemes.join(''), vocab).ids.length,
  );
}

describe('KokoroEngine on a generated Kokoro-format model', () => {
  const text = 'Hello world. This is Kokoro speaking, slowly.';

  it('pads each sentence with 0 at both ends and picks the style row by token count', async () => {
    const counts = await tokenCounts(text, 'en-us');
    const result = await engine.synthesize({ text, voice: 'kokoro:af_test', speed: 1 });
    expect(result.sampleRate).toBe(24_000);
    expect(counts).toHaveLength(2);
    expect(result.tokenCount).toBe((counts[0] ?? 0) + (counts[1] ?? 0));
    // (n + 2) tokens per sentence, one hop each
    const first = ((counts[0] ?? 0) + 2) * HOP;
    const second = ((counts[1] ?? 0) + 2) * HOP;
    expect(result.samples.length).toBe(first + second);
    expect(result.timings.map((t) => t.startSeconds)).toEqual([0, first / 24_000]);
    expect(result.timings[1]?.textOffset).toBe(13);
    // amplitude = style row value: row n of the table for a sentence of n tokens
    expect(peak(result.samples.subarray(0, first))).toBeCloseTo(
      generatedStyleValue(counts[0] ?? 0),
      3,
    );
    expect(peak(result.samples.subarray(first))).toBeCloseTo(
      generatedStyleValue(counts[1] ?? 0),
      3,
    );
    // the leading pad is silent
    expect(peak(result.samples.subarray(0, HOP))).toBe(0);
    expect(result.missingPhonemes).toEqual({});
  });

  it('selects the voice from the npz and reads a single-voice .bin', async () => {
    const a = await engine.synthesize({ text: 'Hello.', voice: 'kokoro:af_test', speed: 1 });
    const b = await engine.synthesize({ text: 'Hello.', voice: 'kokoro:bm_test', speed: 1 });
    const single = await engine.synthesize({ text: 'Hello.', voice: 'kokoro:af_single', speed: 1 });
    expect(peak(b.samples) - peak(a.samples)).toBeCloseTo(0.01, 3);
    expect(single.samples.length).toBe(a.samples.length);
    expect(Buffer.from(single.samples.buffer).equals(Buffer.from(a.samples.buffer))).toBe(true);
  });

  it('passes speed to the model (clamped to 0.5–2) and takes IPA input', async () => {
    const normal = await engine.synthesize({
      text: 'həlˈoʊ.',
      voice: 'kokoro:af_test',
      speed: 1,
      input: 'ipa',
    });
    const fast = await engine.synthesize({
      text: 'həlˈoʊ.',
      voice: 'kokoro:af_test',
      speed: 2,
      input: 'ipa',
    });
    const tooFast = await engine.synthesize({
      text: 'həlˈoʊ.',
      voice: 'kokoro:af_test',
      speed: 4,
      input: 'ipa',
    });
    // h ə l ˈ o ʊ . = 7 tokens + 2 pads
    expect(normal.tokenCount).toBe(7);
    expect(normal.samples.length).toBe(9 * HOP);
    expect(fast.samples.length).toBe(9 * (HOP / 2));
    expect(tooFast.samples.length).toBe(fast.samples.length);
  });

  it('splits a sentence longer than the 510-token context at word boundaries', async () => {
    // 300 two-token words: 899 tokens with spaces → two pieces, each padded.
    const ipa = Array.from({ length: 300 }, () => 'ab').join(' ');
    const result = await engine.synthesize({
      text: ipa,
      voice: 'kokoro:af_test',
      speed: 1,
      input: 'ipa',
    });
    expect(result.tokenCount).toBe(899 - 1); // the space the split happens at is dropped
    expect(result.samples.length).toBe((898 + 2 * 2) * HOP);
  });

  it('answers voice_not_found for a voice missing from the pack', async () => {
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'kokoro:af_missing', speed: 1 }),
    ).rejects.toThrow(/af_missing/);
  });
});
