/**
 * The bench's peer for Piper-format voices: sherpa-onnx-node (k2-fsa) running the same model
 * file with its own eSpeak NG phonemizer. sherpa needs three things our engine does not:
 * model metadata (sample_rate, comment=piper, voice, n_speakers…: what its
 * scripts/piper/add_meta_data.py writes), a tokens.txt (the voice's phoneme_id_map, one
 * "symbol id" per line) and an espeak-ng-data folder (Debian package `espeak-ng-data`).
 * Each missing piece is reported as the reason the peer could not run, never papered over.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { withMetadata } from '../../engine/src/inference/onnx-builder.ts';
import { readOnnxMetadata } from '../../engine/src/inference/onnx-metadata.ts';
import type { PiperVoiceConfig } from '../../engine/src/features/voices/engines/piper/piper-voice-config.ts';
import { espeakVoiceOf } from '../../engine/src/features/voices/engines/piper/piper-voice-config.ts';

interface SherpaAudio {
  samples: Float32Array;
  sampleRate: number;
}

interface SherpaTts {
  sampleRate: number;
  generate(request: { text: string; sid: number; speed: number }): SherpaAudio;
}

export interface SherpaModule {
  OfflineTts: new (config: unknown) => SherpaTts;
}

const ESPEAK_DATA_DIRS = [
  '/usr/lib/x86_64-linux-gnu/espeak-ng-data',
  '/usr/lib/aarch64-linux-gnu/espeak-ng-data',
  '/usr/share/espeak-ng-data',
];

export function espeakDataDir(): string | null {
  const fromEnv = process.env.TAPEHOUSE_ESPEAK_DATA;
  const candidates = fromEnv ? [fromEnv] : ESPEAK_DATA_DIRS;
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'phontab'))) ?? null;
}

export function loadSherpa(): SherpaModule | string {
  try {
    return createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
  } catch (error) {
    return `sherpa-onnx-node could not be loaded (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * tokens.txt as sherpa reads it: the voice's phoneme_id_map, first id per symbol. Keys of more
 * than one code point (some maps carry "aɪ"-style entries no phonemizer emits) are left out:
 * sherpa's reader exits the process on them.
 */
export function writeTokens(config: PiperVoiceConfig, file: string): string {
  const lines = Object.entries(config.phoneme_id_map)
    .filter(([symbol]) => Array.from(symbol).length === 1)
    .map(([symbol, ids]) => `${symbol} ${ids[0]}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** A copy of a Piper model with the metadata sherpa requires appended (weights untouched). */
export function withSherpaMetadata(
  modelPath: string,
  config: PiperVoiceConfig,
  dest: string,
): string {
  fs.writeFileSync(
    dest,
    withMetadata(fs.readFileSync(modelPath), {
      model_type: 'vits',
      comment: 'piper',
      language: config.language?.name_english ?? 'English',
      voice: espeakVoiceOf(config),
      has_espeak: '1',
      n_speakers: String(config.num_speakers),
      sample_rate: String(config.audio.sample_rate),
    }),
  );
  return dest;
}

export type SherpaPeer = { tts: SherpaTts } | { why: string };

/** Metadata sherpa-onnx reads without a default; it exits the process when one is missing. */
const REQUIRED_METADATA = ['sample_rate', 'language', 'comment'];

export function missingSherpaMetadata(modelPath: string): string[] {
  const metadata = readOnnxMetadata(fs.readFileSync(modelPath));
  return REQUIRED_METADATA.filter((key) => !(key in metadata));
}

/** A sherpa TTS over `modelPath`, or why it cannot run. */
export function sherpaPiper(
  sherpa: SherpaModule | string,
  modelPath: string,
  tokensPath: string,
  config: PiperVoiceConfig,
  numThreads: number,
): SherpaPeer {
  if (typeof sherpa === 'string') return { why: sherpa };
  const missing = missingSherpaMetadata(modelPath);
  if (missing.length > 0) {
    return { why: `the model lacks the metadata sherpa-onnx requires (${missing.join(', ')})` };
  }
  const dataDir = espeakDataDir();
  if (dataDir === null) {
    return {
      why: 'no espeak-ng-data folder (install the Debian package espeak-ng-data or set TAPEHOUSE_ESPEAK_DATA)',
    };
  }
  try {
    const { noiseScale, lengthScale, noiseW } = config.inference;
    const tts = new sherpa.OfflineTts({
      model: {
        vits: {
          model: modelPath,
          tokens: tokensPath,
          dataDir,
          noiseScale,
          noiseScaleW: noiseW,
          lengthScale,
        },
        numThreads,
        provider: 'cpu',
        debug: false,
      },
      maxNumSentences: 1,
    });
    return { tts };
  } catch (error) {
    return {
      why: `sherpa-onnx refused the model: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
