// Voice discovery from installed packs: generated Piper and Kokoro packs installed with the real
// installer (`install --from`, sha256 and md5 checked) into a temp data dir, then listed, located
// and spoken through the engines in the worker pool.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../test/helpers/temp-dir.ts';
import { AppError } from '../../../errors.ts';
import { installPack } from '../../../inference/model-install.ts';
import { verifyPack } from '../../../inference/model-verify.ts';
import type { ModelManifest } from '../../../inference/model-manifest.ts';
import { ModelRegistry } from '../../../inference/model-registry.ts';
import { WorkerPool } from '../../../jobs/worker-pool.ts';
import { writeGeneratedKokoro } from './kokoro/generated-kokoro-voice.ts';
import { createNeuralEngines, installedNeuralVoices } from './neural-voices.ts';
import { writeGeneratedPiperVoice } from './piper/generated-piper-voice.ts';

const temp = makeTempDir('tapehouse-neural-voices-');
const pool = new WorkerPool(1);
afterAll(async () => {
  await pool.close();
  temp.cleanup();
});

const source = path.join(temp.dir, 'source');
const manifests = path.join(temp.dir, 'manifests');
fs.mkdirSync(manifests, { recursive: true });

function digest(file: string, algorithm: 'sha256' | 'md5'): string {
  return createHash(algorithm).update(fs.readFileSync(file)).digest('hex');
}

/** A manifest entry for a generated file; `md5` = the upstream published only md5. */
function entry(file: string, folder: string, digestKind: 'sha256' | 'md5' = 'sha256') {
  const name = path.basename(file);
  return {
    name,
    path: `${folder}/${name}`,
    url: `https://example.com/${name}`,
    [digestKind]: digest(file, digestKind),
    bytes: fs.statSync(file).size,
  };
}

function writeManifest(
  manifest: Omit<
    ModelManifest,
    'manifestVersion' | 'version' | 'licence' | 'source' | 'description'
  >,
): void {
  const full = {
    manifestVersion: 1,
    version: '1.0.0',
    description: 'generated for tests',
    licence: 'MIT',
    source: { page: 'https://example.com/' },
    ...manifest,
  };
  fs.writeFileSync(path.join(manifests, `${manifest.id}.json`), JSON.stringify(full, null, 2));
}

// Piper: a two-speaker generated voice; its config has only an md5 (like piper-voices).
const piper = writeGeneratedPiperVoice(path.join(source, 'tts/piper'), 'xx_XX-gen-medium', {
  numSpeakers: 2,
  languageCode: 'en_GB',
  espeakVoice: 'en-gb',
});
writeManifest({
  id: 'piper-gen',
  task: 'tts',
  engine: 'piper',
  title: 'generated piper',
  voices: [
    { id: 'xx_XX-gen-medium#1', name: 'Generated', language: 'en-GB', gender: 'female' },
    { id: 'xx_XX-gen-medium', name: 'Generated', language: 'en-GB' },
  ],
  files: [entry(piper.modelPath, 'tts/piper'), entry(piper.configPath, 'tts/piper', 'md5')],
});
// A second Piper pack whose files exist nowhere: listed nowhere, and it says how to install.
writeManifest({
  id: 'piper-absent',
  task: 'tts',
  engine: 'piper',
  title: 'absent',
  files: [
    { ...entry(piper.modelPath, 'tts/absent'), name: 'yy_YY-absent-low.onnx' },
    { ...entry(piper.configPath, 'tts/absent'), name: 'yy_YY-absent-low.onnx.json' },
  ],
});
// Kokoro: model, vocabulary and an npz with two voices.
const kokoro = writeGeneratedKokoro(path.join(source, 'tts/kokoro'), ['af_test', 'bm_test']);
writeManifest({
  id: 'kokoro-gen',
  task: 'tts',
  engine: 'kokoro',
  title: 'generated kokoro',
  files: [
    entry(kokoro.modelPath, 'tts/kokoro'),
    entry(kokoro.vocabPath, 'tts/kokoro'),
    entry(kokoro.voicesPath, 'tts/kokoro'),
  ],
});

const registry = new ModelRegistry(
  { home: path.join(temp.dir, 'home'), modelsDir: null },
  { manifestsDir: manifests },
);
const engines = createNeuralEngines(pool, registry, null);

describe('installed neural voices', () => {
  it('lists nothing before the packs are installed, and says how to install', async () => {
    expect(installedNeuralVoices(registry)).toEqual([]);
    await expect(
      engines.piper.synthesize({ text: 'Hi.', voice: 'piper:xx_XX-gen-medium#0', speed: 1 }),
    ).rejects.toMatchObject({ code: 'model_not_installed' });
  });

  it('installs the packs from a folder (sha256 and md5 checked) and lists every voice', async () => {
    for (const id of ['piper-gen', 'kokoro-gen']) {
      const result = await installPack(registry, id, { from: source });
      expect(result.status).toBe('installed');
      expect((await verifyPack(registry, id)).ok).toBe(true);
    }
    const voices = installedNeuralVoices(registry);
    expect(voices).toEqual([
      {
        engine: 'piper',
        engineVoice: 'piper:xx_XX-gen-medium#0',
        displayName: 'Generated — speaker_0',
        language: 'en-GB',
        gender: null,
        sampleRate: 22_050,
        packId: 'piper-gen',
      },
      {
        engine: 'piper',
        engineVoice: 'piper:xx_XX-gen-medium#1',
        displayName: 'Generated — speaker_1',
        language: 'en-GB',
        gender: 'female',
        sampleRate: 22_050,
        packId: 'piper-gen',
      },
      {
        engine: 'kokoro',
        engineVoice: 'kokoro:af_test',
        displayName: 'Test (American English)',
        language: 'en-US',
        gender: 'female',
        sampleRate: 24_000,
        packId: 'kokoro-gen',
      },
      {
        engine: 'kokoro',
        engineVoice: 'kokoro:bm_test',
        displayName: 'Test (British English)',
        language: 'en-GB',
        gender: 'male',
        sampleRate: 24_000,
        packId: 'kokoro-gen',
      },
    ]);
  });

  it('speaks every listed voice through its engine', async () => {
    for (const voice of installedNeuralVoices(registry)) {
      const engine = voice.engine === 'piper' ? engines.piper : engines.kokoro;
      const result = await engine.synthesize({
        text: 'Hello there.',
        voice: voice.engineVoice,
        speed: 1,
      });
      expect(result.sampleRate).toBe(voice.sampleRate);
      expect(result.samples.length).toBeGreaterThan(1000);
    }
  });

  it('answers voice_not_found for voices no pack provides', async () => {
    await expect(
      engines.piper.synthesize({ text: 'Hi.', voice: 'piper:zz_ZZ-nobody-low#0', speed: 1 }),
    ).rejects.toMatchObject({ code: 'voice_not_found' });
    await expect(
      engines.kokoro.synthesize({ text: 'Hi.', voice: 'kokoro:af_nobody', speed: 1 }),
    ).rejects.toMatchObject({ code: 'voice_not_found' });
    await expect(
      engines.kokoro.synthesize({ text: 'Hi.', voice: 'piper:af_test', speed: 1 }),
    ).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a file whose md5 does not match, and skips a damaged installed pack', async () => {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(manifests, 'piper-gen.json'), 'utf8'),
    ) as {
      files: { md5?: string }[];
    };
    const wrong = { ...manifest, id: 'piper-wrong-md5' };
    wrong.files = manifest.files.map((f) => (f.md5 ? { ...f, md5: '0'.repeat(32) } : f));
    fs.writeFileSync(path.join(manifests, 'piper-wrong-md5.json'), JSON.stringify(wrong));
    const fresh = new ModelRegistry(
      { home: path.join(temp.dir, 'home'), modelsDir: null },
      { manifestsDir: manifests },
    );
    await expect(installPack(fresh, 'piper-wrong-md5', { from: source })).rejects.toThrow(
      /expected md5 0{32}/,
    );

    // Damage the installed Piper config in place (same size, not JSON any more).
    const installed = path.join(fresh.packDir('piper-gen'), 'xx_XX-gen-medium.onnx.json');
    const size = fs.statSync(installed).size;
    fs.writeFileSync(installed, 'x'.repeat(size));
    const warnings: string[] = [];
    const voices = installedNeuralVoices(fresh, (m) => warnings.push(m));
    expect(voices.map((v) => v.engine)).toEqual(['kokoro', 'kokoro']);
    expect(warnings.join('\n')).toMatch(/skipping voice pack piper-gen/);
  });
});
