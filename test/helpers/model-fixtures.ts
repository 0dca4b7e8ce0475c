/**
 * A models folder and a manifests folder for an engine that must run every job type: the real
 * denoise, MIDI and VAD models (TAPEHOUSE_MODELS_DIR, linked, never copied), a Whisper pack of
 * the published sherpa-onnx signature with a scripted decoder (speech/asr-engines/test-fixtures)
 * and generated diarization models (./diarization-models.ts), with manifests for the generated
 * packs next to the committed ones in models/.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  WHISPER_IDS,
  languageToken,
  tiktokenRank,
  writeScriptedWhisper,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/scripted-whisper.ts';
import { writeDiarizationModels } from './diarization-models.ts';
import { ROOT } from './engine.ts';

export interface ModelFolders {
  modelsDir: string;
  manifestsDir: string;
}

function fileEntry(modelsDir: string, name: string, relative: string) {
  const bytes = fs.readFileSync(path.join(modelsDir, relative));
  return {
    name,
    path: relative,
    url: `https://example.org/${relative}`,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
}

function writeManifest(
  manifestsDir: string,
  id: string,
  task: string,
  files: ReturnType<typeof fileEntry>[],
): void {
  fs.writeFileSync(
    path.join(manifestsDir, `${id}.json`),
    JSON.stringify({
      manifestVersion: 1,
      id,
      task,
      version: '0.0.1',
      title: id,
      description: 'generated for tests',
      licence: 'MIT',
      source: { page: 'https://example.org' },
      files,
    }),
  );
}

/**
 * `realModels`: the shared models folder (TAPEHOUSE_MODELS_DIR). The Whisper pack transcribes
 * every speech segment as "Hallo Welt." — the job's life cycle is what is under test.
 */
export function prepareModelFolders(dir: string, realModels: string): ModelFolders {
  const modelsDir = path.join(dir, 'models');
  const manifestsDir = path.join(dir, 'manifests');
  fs.mkdirSync(modelsDir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'models'), manifestsDir, { recursive: true });
  for (const folder of ['denoise', 'midi', 'vad']) {
    fs.symlinkSync(path.join(realModels, folder), path.join(modelsDir, folder));
  }

  const tiktoken = path.join(realModels, 'asr', 'whisper-assets', 'multilingual.tiktoken');
  const whisperDir = path.join(modelsDir, 'asr', 'whisper-tiny');
  const words = [' Hallo', ' Welt', '.'].map((w) => tiktokenRank(tiktoken, w));
  writeScriptedWhisper(whisperDir, [languageToken('de'), 0, 0, ...words, WHISPER_IDS.eot]);
  fs.copyFileSync(tiktoken, path.join(whisperDir, 'tokens.tiktoken'));
  writeManifest(manifestsDir, 'whisper-tiny', 'asr', [
    fileEntry(modelsDir, 'encoder.onnx', 'asr/whisper-tiny/encoder.onnx'),
    fileEntry(modelsDir, 'decoder.onnx', 'asr/whisper-tiny/decoder.onnx'),
    fileEntry(modelsDir, 'tokens.tiktoken', 'asr/whisper-tiny/tokens.tiktoken'),
  ]);

  writeDiarizationModels(path.join(modelsDir, 'diarization'));
  writeManifest(manifestsDir, 'speaker-diarization', 'speaker-embedding', [
    fileEntry(modelsDir, 'segmentation.onnx', 'diarization/segmentation.onnx'),
    fileEntry(modelsDir, 'embedding.onnx', 'diarization/embedding.onnx'),
  ]);
  return { modelsDir, manifestsDir };
}
