// The Piper engine end to end in the worker pool with real ONNX Runtime: on a Piper-format model
// the project generates (tones whose length follows the phoneme ids and length_scale) and on the
// real fixture voice (silent output, real en-us phoneme map).
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../../test/helpers/temp-dir.ts';
import { realModel } from '../../../../../../test/helpers/requirements.ts';
import { WorkerPool } from '../../../../jobs/worker-pool.ts';
import { phonemizeSentences } from '../phonemes/espeak-phonemizer.ts';
import { GENERATED_DEFAULTS, writeGeneratedPiperVoice } from './generated-piper-voice.ts';
import { PiperEngine, type PiperVoiceFiles } from './piper-engine.ts';
import { phonemesToIds } from './piper-phoneme-ids.ts';
import { joinSentences, piperScales } from './piper-task.ts';

const temp = makeTempDir('tapehouse-piper-');
const pool = new WorkerPool(1);
afterAll(async () => {
  await pool.close();
  temp.cleanup();
});

const single = writeGeneratedPiperVoice(temp.dir, 'single');
const multi = writeGeneratedPiperVoice(temp.dir, 'multi', { numSpeakers: 3 });
const HOP = GENERATED_DEFAULTS.hop;
const SR = GENERATED_DEFAULTS.sampleRate;

function locator(voice: string): PiperVoiceFiles {
  if (voice === 'single') return single;
  if (voice === 'multi') return multi;
  const fixture = realModel('tts/fixtures/test_voice.onnx');
  if (voice === 'fixture' && fixture) return { modelPath: fixture, configPath: `${fixture}.json` };
  throw new Error(`no voice ${voice}`);
}

const engine = new PiperEngine(pool, locator);

function rms(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Frequency from upward zero crossings over a segment. */
function frequency(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) {
    if ((samples[i - 1] ?? 0) <= 0 && (samples[i] ?? 0) > 0) crossings++;
  }
  return (crossings * sampleRate) / samples.length;
}

describe('PiperEngine on a generated Piper-format voice', () => {
  const text = 'Hello world, this is a test. How are you?';

  it('makes one hop of audio per phoneme id, sentence by sentence, never silent', async () => {
    const expected = (await phonemizeSentences(text, 'en-us')).map(
      (s) => phonemesToIds(s.phonemes, single.config).ids.length,
    );
    const result = await engine.synthesize({ text, voice: 'piper:single#0', speed: 1 });
    expect(result.sampleRate).toBe(SR);
    expect(expected).toHaveLength(2);
    expect(result.phonemeIdCount).toBe((expected[0] ?? 0) + (expected[1] ?? 0));
    expect(result.samples.length).toBe(result.phonemeIdCount * HOP);
    expect(result.timings).toEqual([
      { kind: 'sentence', textOffset: 0, textLength: 28, startSeconds: 0 },
      {
        kind: 'sentence',
        textOffset: 29,
        textLength: 12,
        startSeconds: ((expected[0] ?? 0) * HOP) / SR,
      },
    ]);
    expect(result.missingPhonemes).toEqual({});
    expect(rms(result.samples)).toBeGreaterThan(0.1);
  });

  it('gives a retake the same audio and timings from cached phonemes as eSpeak gives', async () => {
    const book = 'The keeper lit the lamp, trimmed the wick. "Ships!" he said; the sea was calm.';
    const uncached = new PiperEngine(pool, locator, { phonemeCache: false });
    const fresh = await uncached.synthesize({ text: book, voice: 'piper:single', speed: 1 });
    const first = await engine.synthesize({ text: book, voice: 'piper:single', speed: 1 });
    const retake = await engine.synthesize({ text: book, voice: 'piper:single', speed: 1 });
    expect(fresh.timings).toHaveLength(3);
    for (const result of [first, retake]) {
      expect(result.phonemeIdCount).toBe(fresh.phonemeIdCount);
      expect(result.timings).toEqual(fresh.timings);
      expect(result.samples).toEqual(fresh.samples);
    }
  });

  it('gives one sentence alone the same samples as the same sentence among others', async () => {
    const alone = await engine.synthesize({
      text: 'Hello world.',
      voice: 'piper:single',
      speed: 1,
    });
    const among = await engine.synthesize({
      text: 'Hello world. How are you?',
      voice: 'piper:single',
      speed: 1,
    });
    expect(among.timings).toHaveLength(2);
    expect(alone.samples.length).toBe(Math.round((among.timings[1]?.startSeconds ?? 0) * SR));
    expect(alone.samples).toEqual(among.samples.subarray(0, alone.samples.length));
  });

  it('joins sentences end to end, and copies a lone sentence that is a view of a larger buffer', () => {
    const whole = Float32Array.from([1, 2, 3]);
    expect(joinSentences([whole], 3)).toBe(whole);
    const view = Float32Array.from([0, 1, 2, 3]).subarray(1);
    const copied = joinSentences([view], 3);
    expect(copied).not.toBe(view);
    expect(copied.buffer.byteLength).toBe(12);
    expect(Array.from(copied)).toEqual([1, 2, 3]);
    expect(Array.from(joinSentences([whole, Float32Array.from([4])], 4))).toEqual([1, 2, 3, 4]);
  });

  it('maps speed to length_scale: twice as fast is half as long', async () => {
    const normal = await engine.synthesize({ text, voice: 'piper:single', speed: 1 });
    const fast = await engine.synthesize({ text, voice: 'piper:single', speed: 2 });
    const slow = await engine.synthesize({ text, voice: 'piper:single', speed: 0.5 });
    expect(fast.samples.length).toBe(normal.samples.length / 2);
    expect(slow.samples.length).toBe(normal.samples.length * 2);
    expect(fast.timings[1]?.startSeconds).toBeCloseTo(
      (normal.timings[1]?.startSeconds ?? 0) / 2,
      6,
    );
  });

  it('feeds IPA input straight to the id map and counts unknown phonemes', async () => {
    const result = await engine.synthesize({
      text: 'ab☃',
      voice: 'piper:single',
      speed: 1,
      input: 'ipa',
    });
    // ^ _ a _ b _ $  (☃ skipped)
    expect(result.phonemeIdCount).toBe(7);
    expect(result.samples.length).toBe(7 * HOP);
    expect(result.missingPhonemes).toEqual({ '☃': 1 });
    const idA = single.config.phoneme_id_map.a?.[0] ?? 0;
    const segment = result.samples.subarray(2 * HOP, 3 * HOP);
    const expectedHz = GENERATED_DEFAULTS.baseHz + idA * GENERATED_DEFAULTS.stepHz;
    expect(frequency(segment, SR)).toBeGreaterThan(expectedHz - 25);
    expect(frequency(segment, SR)).toBeLessThan(expectedHz + 25);
    // the pad after it is silent
    expect(rms(result.samples.subarray(3 * HOP, 4 * HOP))).toBe(0);
  });

  it('maps energy to noise_scale and noise_w, speed to length_scale', () => {
    const [noise, length, noiseW] = piperScales(single.config, 2, 1.5);
    expect(noise).toBeCloseTo(0.667 * 1.5, 6);
    expect(length).toBeCloseTo(0.5, 6);
    expect(noiseW).toBeCloseTo(0.8 * 1.5, 6);
  });

  it('reports progress sentence by sentence', async () => {
    const seen: number[] = [];
    await engine.synthesize({
      text: 'One. Two. Three. Four.',
      voice: 'piper:single',
      speed: 1,
      onProgress: (percent) => seen.push(percent),
    });
    expect(seen).toEqual([25, 50, 75, 100]);
  });

  it('passes the speaker id (sid) to multi-speaker voices', async () => {
    const a = await engine.synthesize({ text: 'Hello.', voice: 'piper:multi#0', speed: 1 });
    const b = await engine.synthesize({ text: 'Hello.', voice: 'piper:multi#2', speed: 1 });
    expect(b.samples.length).toBe(a.samples.length);
    // first id is "^" (id 1): base + step (+ 2 × speakerHz for speaker 2)
    const hzA = frequency(a.samples.subarray(0, HOP), SR);
    const hzB = frequency(b.samples.subarray(0, HOP), SR);
    expect(hzB - hzA).toBeGreaterThan(2 * GENERATED_DEFAULTS.speakerHz - 30);
    expect(hzB - hzA).toBeLessThan(2 * GENERATED_DEFAULTS.speakerHz + 30);
  });

  it('rejects a speaker the voice does not have, and a cancelled request', async () => {
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'piper:multi#3', speed: 1 }),
    ).rejects.toThrow(/speaker 3 does not exist/);
    await expect(
      engine.synthesize({ text: 'Hello.', voice: 'piper:single#1', speed: 1 }),
    ).rejects.toThrow(/speaker 1/);
    await expect(
      engine.synthesize({
        text: 'Hello.',
        voice: 'piper:single',
        speed: 1,
        signal: AbortSignal.abort(),
      }),
    ).rejects.toThrow(/cancel/i);
  });
});

describe('PiperEngine on the real fixture voices', () => {
  it('refuses the zero-shot Piper variant (speaker embedding input) with a clear error', async () => {
    const model = realModel('tts/fixtures/zero-shot-test.onnx');
    if (model === null) return;
    const zeroShot = new PiperEngine(pool, () => ({
      modelPath: model,
      configPath: `${model}.json`,
    }));
    await expect(
      zeroShot.synthesize({ text: 'Hello.', voice: 'piper:zero-shot#0', speed: 1 }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: expect.stringMatching(/speaker_embedding/) as unknown,
    });
  });

  it('runs test_voice.onnx sentence by sentence with its phoneme map (silent by design)', async () => {
    if (realModel('tts/fixtures/test_voice.onnx') === null) return;
    const one = await engine.synthesize({ text: 'Hello world.', voice: 'piper:fixture', speed: 1 });
    const two = await engine.synthesize({
      text: 'Hello world. How are you today, my friend?',
      voice: 'piper:fixture',
      speed: 1,
    });
    expect(one.sampleRate).toBe(22_050);
    expect(one.missingPhonemes).toEqual({});
    expect(two.missingPhonemes).toEqual({});
    expect(one.samples.length).toBeGreaterThan(0);
    // one model call per sentence: the second sentence starts where the first one's audio ends
    expect(two.timings.map((t) => t.textOffset)).toEqual([0, 13]);
    expect(two.timings[1]?.startSeconds).toBeCloseTo(one.samples.length / 22_050, 6);
    expect(two.samples.length).toBeGreaterThan(one.samples.length);
    expect(two.phonemeIdCount).toBeGreaterThan(one.phonemeIdCount);
    expect(rms(two.samples)).toBeLessThan(1e-3);
  });
});
