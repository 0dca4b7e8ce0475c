/**
 * Neural voices from installed model packs (models/*.json with task "tts" and an `engine`),
 * for the voice catalog (features/voices/catalog/local-catalog.ts) and for the engines that speak them.
 *
 * - Piper packs hold `<voice>.onnx` + `<voice>.onnx.json`; every speaker of a multi-speaker
 *   model is its own catalog voice, `piper:<voice>#<speaker>`.
 * - Kokoro packs hold one `.onnx`, a `config.json` with the vocabulary and voice files
 *   (`.bin`/`.npy` per voice or an npz of many); every voice inside is `kokoro:<voice>`.
 *
 * A pack counts when every file resolves (installed in the data dir, or present under
 * TAPEHOUSE_MODELS_DIR): the same rule jobs use. A damaged pack is skipped with a warning,
 * never an error for the whole catalog.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../errors.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import type { ModelManifest } from '../../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import { KokoroEngine, type KokoroFiles, type KokoroLocator } from './kokoro/kokoro-engine.ts';
import { KOKORO_SAMPLE_RATE } from './kokoro/kokoro-task.ts';
import { listPackVoices } from './kokoro/kokoro-voice-pack.ts';
import { kokoroVoiceInfo } from './kokoro/kokoro-voices.ts';
import { formatVoiceKey, type NeuralEngineName } from './neural-voice-key.ts';
import { PiperEngine, type PiperLocator, type PiperVoiceFiles } from './piper/piper-engine.ts';
import {
  bcp47Of,
  readPiperVoiceConfig,
  speakerNames,
  type PiperVoiceConfig,
} from './piper/piper-voice-config.ts';

export interface NeuralVoiceInfo {
  engine: NeuralEngineName;
  /** Stable key the engine understands, e.g. `piper:en_US-lessac-medium#0`, `kokoro:af_heart`. */
  engineVoice: string;
  displayName: string;
  /** BCP 47, e.g. `en-US`. */
  language: string;
  gender: 'male' | 'female' | 'neutral' | null;
  sampleRate: number;
  packId: string;
}

type Warn = (message: string) => void;

function ttsPacks(models: ModelRegistry, engine: NeuralEngineName): ModelManifest[] {
  return models.manifests().filter((m) => m.task === 'tts' && m.engine === engine);
}

function readyPacks(models: ModelRegistry, engine: NeuralEngineName): ModelManifest[] {
  return ttsPacks(models, engine).filter((m) => models.status(m.id).ready);
}

const configCache = new Map<string, { mtimeMs: number; config: PiperVoiceConfig }>();

function piperConfig(file: string): PiperVoiceConfig {
  const mtimeMs = fs.statSync(file).mtimeMs;
  const cached = configCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.config;
  const config = readPiperVoiceConfig(file);
  configCache.set(file, { mtimeMs, config });
  return config;
}

function manifestVoice(manifest: ModelManifest, ids: string[]) {
  return ids.map((id) => manifest.voices?.find((v) => v.id === id)).find((v) => v !== undefined);
}

function piperVoices(models: ModelRegistry, manifest: ModelManifest): NeuralVoiceInfo[] {
  const out: NeuralVoiceInfo[] = [];
  for (const file of manifest.files.filter((f) => f.name.endsWith('.onnx'))) {
    const voice = file.name.slice(0, -'.onnx'.length);
    const config = piperConfig(models.resolveModelFile(manifest.id, `${file.name}.json`));
    const names = speakerNames(config);
    for (let speaker = 0; speaker < config.num_speakers; speaker++) {
      const listed = manifestVoice(manifest, [`${voice}#${speaker}`, voice]);
      const speakerName =
        config.num_speakers > 1 ? (names.get(speaker) ?? `speaker ${speaker}`) : null;
      const base = listed?.name ?? voice;
      out.push({
        engine: 'piper',
        engineVoice: formatVoiceKey({ engine: 'piper', voice, speaker }),
        displayName: speakerName ? `${base} — ${speakerName}` : base,
        language: bcp47Of(config) ?? listed?.language ?? 'und',
        gender:
          config.num_speakers > 1 && !manifestVoice(manifest, [`${voice}#${speaker}`])
            ? null
            : (listed?.gender ?? null),
        sampleRate: config.audio.sample_rate,
        packId: manifest.id,
      });
    }
  }
  return out;
}

const VOICE_FILE = /\.(bin|npy|npz)$/;

/** Every Kokoro voice of a pack with the files that speak it. */
function kokoroPackVoices(
  models: ModelRegistry,
  manifest: ModelManifest,
): { voice: string; files: KokoroFiles }[] {
  const model = manifest.files.find((f) => f.name.endsWith('.onnx'));
  const vocab = manifest.files.find((f) => f.name.endsWith('.json'));
  if (model === undefined || vocab === undefined) {
    throw new AppError(
      'validation_error',
      `Kokoro pack ${manifest.id} needs an .onnx and a config.json`,
    );
  }
  const modelPath = models.resolveModelFile(manifest.id, model.name);
  const vocabPath = models.resolveModelFile(manifest.id, vocab.name);
  return manifest.files
    .filter((f) => VOICE_FILE.test(f.name))
    .flatMap((f) => {
      const voicesPath = models.resolveModelFile(manifest.id, f.name);
      const fallback = path.basename(f.name).replace(VOICE_FILE, '');
      return listPackVoices(voicesPath, fallback).map((voice) => ({
        voice,
        files: { modelPath, vocabPath, voicesPath },
      }));
    });
}

function kokoroVoices(models: ModelRegistry, manifest: ModelManifest): NeuralVoiceInfo[] {
  return kokoroPackVoices(models, manifest).flatMap(({ voice }) => {
    const info = kokoroVoiceInfo(voice);
    const listed = manifestVoice(manifest, [voice]);
    if (info === null && listed === undefined) return [];
    return [
      {
        engine: 'kokoro' as const,
        engineVoice: formatVoiceKey({ engine: 'kokoro', voice, speaker: 0 }),
        displayName: listed?.name ?? `${info?.displayName ?? voice} (${info?.language.name ?? ''})`,
        language: listed?.language ?? info?.language.bcp47 ?? 'und',
        gender: listed?.gender ?? info?.gender ?? null,
        sampleRate: KOKORO_SAMPLE_RATE,
        packId: manifest.id,
      },
    ];
  });
}

/** Every voice of every ready Piper and Kokoro pack, in manifest order. */
export function installedNeuralVoices(
  models: ModelRegistry,
  warn: Warn = (message) => console.warn(message),
): NeuralVoiceInfo[] {
  const out: NeuralVoiceInfo[] = [];
  const seen = new Set<string>();
  for (const engine of ['piper', 'kokoro'] as const) {
    for (const manifest of readyPacks(models, engine)) {
      try {
        const voices =
          engine === 'piper' ? piperVoices(models, manifest) : kokoroVoices(models, manifest);
        for (const voice of voices) {
          if (seen.has(voice.engineVoice)) continue;
          seen.add(voice.engineVoice);
          out.push(voice);
        }
      } catch (error) {
        warn(
          `[tts] skipping voice pack ${manifest.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  return out;
}

function unknownVoice(engine: NeuralEngineName, voice: string): AppError {
  return new AppError('voice_not_found', `no ${engine} voice pack provides "${voice}"`, {
    details: { engine, voice },
  });
}

/** Model and config of a Piper voice from the pack that lists `<voice>.onnx`. */
export function piperLocator(models: ModelRegistry): PiperLocator {
  return (voice: string): PiperVoiceFiles => {
    const name = `${voice}.onnx`;
    const manifest = ttsPacks(models, 'piper').find((m) => m.files.some((f) => f.name === name));
    if (manifest === undefined) throw unknownVoice('piper', voice);
    return {
      modelPath: models.resolveModelFile(manifest.id, name),
      configPath: models.resolveModelFile(manifest.id, `${name}.json`),
    };
  };
}

/** Model, vocabulary and voice file of a Kokoro voice from the first ready pack holding it. */
export function kokoroLocator(models: ModelRegistry): KokoroLocator {
  return (voice: string): KokoroFiles => {
    const packs = ttsPacks(models, 'kokoro');
    for (const manifest of packs.filter((m) => models.status(m.id).ready)) {
      const found = kokoroPackVoices(models, manifest).find((v) => v.voice === voice);
      if (found) return found.files;
    }
    // Not installed: name the pack to install when one could hold it.
    const first = packs[0];
    if (first !== undefined && kokoroVoiceInfo(voice) !== null) {
      models.resolveModelFile(first.id, first.files[0]?.name ?? '');
    }
    throw unknownVoice('kokoro', voice);
  };
}

export interface NeuralEngines {
  piper: PiperEngine;
  kokoro: KokoroEngine;
}

/** The Piper and Kokoro engines over the registry's packs, for buildRegistry/Services. */
export function createNeuralEngines(
  workers: WorkerPool,
  models: ModelRegistry,
  executionProviders: string[] | null,
): NeuralEngines {
  return {
    piper: new PiperEngine(workers, piperLocator(models), { executionProviders }),
    kokoro: new KokoroEngine(workers, kokoroLocator(models), { executionProviders }),
  };
}
