// Cloned voices on the real runtime: sherpa-onnx-node's OfflineTts runs generated PocketTTS and
// ZipVoice packs (the published signatures; cloning/generated/) that the real installer
// downloaded from a model mirror at the real URLs (the ZipVoice archive and its espeak-ng-data
// folder, the PocketTTS files checked against the Hub listing of their commits).
// Two synthetic speakers (different pitch and spectral tilt) stand in for recordings: each clone
// must sound like its own prompt, follow the speed asked for and time its sentences; PocketTTS
// (seeded) says the same text the same way twice.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelopeSimilarity,
  spectralEnvelope,
} from '../../../../../../test/helpers/spectral-envelope.ts';
import { makeTempDir } from '../../../../../../test/helpers/temp-dir.ts';
import { installClonePacks } from '../../../../../../test/helpers/clone-packs.ts';
import { resolveFfmpeg, writeWavFile } from '../../../../audio/index.ts';
import { ModelRegistry } from '../../../../inference/model-registry.ts';
import { clonePacks, readyClonePack, type ReadyClonePack } from '../../cloning/clone-packs.ts';
import { pocketBandEdges } from '../../cloning/generated/pocket-graphs.ts';
import { SherpaTtsHost } from '../../cloning/sherpa-tts-host.ts';
import { ClonedVoiceEngine } from './cloned-engine.ts';
import { clonedVoiceKey } from './cloned-voice-key.ts';

const temp = makeTempDir('tapehouse-cloned-engine-');
const RATE = 24_000;
const UUID = '0b9c4f3e-1d2a-4c5b-8e7f-112233445566';
const host = new SherpaTtsHost();
const packs: Record<string, ReadyClonePack> = {};
const prompts: Record<string, string> = {};
const envelopes: Record<string, number[]> = {};
/** About what 8 s of speech holds: ZipVoice paces the text by the prompt's words per second. */
const PROMPT_WORDS =
  'We walked down to the harbour early in the morning and watched the boats come back in.';

/** A buzzy "voice": harmonics of f0 falling off by `tilt` dB per octave, in 3 s syllables. */
function speaker(f0: number, tilt: number): Float32Array {
  const out = new Float32Array(RATE * 8);
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    const syllable = Math.max(0, Math.sin(Math.PI * ((t * 3) % 1)));
    let v = 0;
    for (let h = 1; f0 * h < 5000; h++)
      v += 10 ** ((tilt * Math.log2(h)) / 20) * Math.sin(2 * Math.PI * f0 * h * t);
    out[i] = 0.1 * syllable * v;
  }
  return out;
}

beforeAll(async () => {
  const home = path.join(temp.dir, 'home');
  const { manifests } = await installClonePacks(temp.dir, home);
  const registry = new ModelRegistry({ home, modelsDir: null }, { manifestsDir: manifests });
  for (const pack of clonePacks(registry)) packs[pack.family] = readyClonePack(registry, pack);
  for (const [name, voice] of [
    ['low', speaker(110, -12)],
    ['high', speaker(230, -3)],
  ] as const) {
    prompts[name] = path.join(temp.dir, `${name}.wav`);
    envelopes[name] = spectralEnvelope(voice, RATE, pocketBandEdges());
    await writeWavFile(prompts[name], { samples: voice, sampleRate: RATE, channels: 1 });
  }
}, 120_000);

afterAll(async () => {
  await host.close();
  temp.cleanup();
});

function engineFor(family: 'pocket' | 'zipvoice', prompt: string): ClonedVoiceEngine {
  const pack = packs[family];
  if (!pack) throw new Error(`${family} pack not installed`);
  return new ClonedVoiceEngine(
    host,
    () => ({ pack, promptPath: prompt, promptText: PROMPT_WORDS, language: 'en-US' }),
    () => resolveFfmpeg({ setting: null }),
    { numThreads: 1 },
  );
}

const TEXT = 'The first sentence is here. And a second one follows it.';

describe.each(['pocket', 'zipvoice'] as const)('%s through sherpa-onnx', (family) => {
  const voice = () => clonedVoiceKey(family, packs[family]?.id ?? '', UUID);

  it('sounds like its own prompt, not the other one', async () => {
    for (const [own, other] of [
      ['low', 'high'],
      ['high', 'low'],
    ] as const) {
      const out = await engineFor(family, prompts[own] ?? '').synthesize({
        text: TEXT,
        voice: voice(),
        speed: 1,
      });
      expect(out.sampleRate).toBe(RATE);
      const clone = spectralEnvelope(out.samples, out.sampleRate, pocketBandEdges());
      expect(envelopeSimilarity(clone, envelopes[own] ?? [])).toBeGreaterThan(
        envelopeSimilarity(clone, envelopes[other] ?? []) + 0.1,
      );
    }
  });

  it('times each sentence and speaks faster when asked', async () => {
    const engine = engineFor(family, prompts.low ?? '');
    const normal = await engine.synthesize({ text: TEXT, voice: voice(), speed: 1 });
    expect(normal.timings.map((t) => t.textOffset)).toEqual([0, TEXT.indexOf('And')]);
    expect(normal.timings[1]?.startSeconds).toBeGreaterThan(0.3);
    // PocketTTS takes a seed (fixed per voice); sherpa's ZipVoice draws its noise unseeded.
    const again = await engine.synthesize({ text: TEXT, voice: voice(), speed: 1 });
    expect(Buffer.from(again.samples.buffer).equals(Buffer.from(normal.samples.buffer))).toBe(
      family === 'pocket',
    );
    const fast = await engine.synthesize({ text: TEXT, voice: voice(), speed: 2 });
    const ratio = fast.samples.length / normal.samples.length;
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(0.7);
    expect(fast.timings[1]?.startSeconds).toBeLessThan(
      (normal.timings[1]?.startSeconds ?? 0) * 0.7,
    );
  });

  it('refuses IPA input and a voice key that is not a cloned voice', async () => {
    const engine = engineFor(family, prompts.low ?? '');
    await expect(
      engine.synthesize({ text: 'həloʊ', voice: voice(), speed: 1, input: 'ipa' }),
    ).rejects.toMatchObject({ code: 'validation_error' });
    await expect(
      engine.synthesize({ text: 'Hi.', voice: 'piper:x#0', speed: 1 }),
    ).rejects.toMatchObject({ code: 'voice_not_found' });
  });
});

describe('the prompt file', () => {
  it('is read once and re-read when it changes', async () => {
    const file = path.join(temp.dir, 'changing.wav');
    fs.copyFileSync(prompts.low ?? '', file);
    const engine = engineFor('pocket', file);
    const key = clonedVoiceKey('pocket', packs.pocket?.id ?? '', UUID);
    const before = await engine.synthesize({ text: 'Hello there.', voice: key, speed: 1 });
    fs.copyFileSync(prompts.high ?? '', file);
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const after = await engine.synthesize({ text: 'Hello there.', voice: key, speed: 1 });
    expect(Buffer.from(after.samples.buffer).equals(Buffer.from(before.samples.buffer))).toBe(
      false,
    );
  });
});
