/**
 * Model packs for speech tests, laid out as TAPEHOUSE_MODELS_DIR with manifests beside them: a
 * Whisper pair of sherpa-onnx's export signature with a scripted decoder and the real tiktoken
 * vocabulary, the real Silero VAD, and (optionally) the generated diarization models. The
 * manifests carry the files' real digests, so the registry treats them like installed packs.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeDiarizationModels } from '../../engine/src/features/speech/asr-engines/test-fixtures/diarization-models.ts';
import {
  languageToken,
  tiktokenRank,
  WHISPER_IDS,
  writeScriptedWhisper,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/scripted-whisper.ts';

interface ManifestFile {
  name: string;
  path: string;
  url: string;
  sha256: string;
  bytes: number;
}

function fileEntry(name: string, relative: string, file: string): ManifestFile {
  const bytes = fs.readFileSync(file);
  return {
    name,
    path: relative,
    url: `https://example.org/${relative}`,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
}

export function writeManifest(dir: string, id: string, task: string, files: ManifestFile[]): void {
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

export interface AsrTestPacks {
  modelsDir: string;
  manifestsDir: string;
}

/**
 * Writes the packs under `root`. `words` are what Whisper "hears" in every segment (each must be
 * one token of the vocabulary, e.g. ' Hello'), in `language`.
 */
export function writeAsrTestPacks(
  root: string,
  real: { tiktoken: string; vad: string },
  options: { words: string[]; language: string; diarization: boolean },
): AsrTestPacks {
  const modelsDir = path.join(root, 'models');
  const manifestsDir = path.join(root, 'manifests');
  fs.mkdirSync(manifestsDir, { recursive: true });
  const ids = options.words.map((w) => tiktokenRank(real.tiktoken, w));
  const whisperDir = path.join(modelsDir, 'asr', 'whisper-tiny');
  const whisper = writeScriptedWhisper(whisperDir, [
    languageToken(options.language),
    0,
    0,
    ...ids,
    WHISPER_IDS.eot,
  ]);
  const tokens = path.join(whisperDir, 'tokens.tiktoken');
  fs.copyFileSync(real.tiktoken, tokens);
  writeManifest(manifestsDir, 'whisper-tiny', 'asr', [
    fileEntry('encoder.onnx', 'asr/whisper-tiny/encoder.onnx', whisper.encoder),
    fileEntry('decoder.onnx', 'asr/whisper-tiny/decoder.onnx', whisper.decoder),
    fileEntry('tokens.tiktoken', 'asr/whisper-tiny/tokens.tiktoken', tokens),
  ]);
  const vad = path.join(modelsDir, 'vad', 'silero_vad.onnx');
  fs.mkdirSync(path.dirname(vad), { recursive: true });
  fs.copyFileSync(real.vad, vad);
  writeManifest(manifestsDir, 'silero-vad', 'vad', [
    fileEntry('silero_vad.onnx', 'vad/silero_vad.onnx', vad),
  ]);
  if (options.diarization) {
    const models = writeDiarizationModels(path.join(modelsDir, 'asr', 'speaker-diarization'));
    writeManifest(manifestsDir, 'speaker-diarization', 'speaker-embedding', [
      fileEntry(
        'segmentation.onnx',
        'asr/speaker-diarization/segmentation.onnx',
        models.segmentation,
      ),
      fileEntry('embedding.onnx', 'asr/speaker-diarization/embedding.onnx', models.embedding),
    ]);
  }
  return { modelsDir, manifestsDir };
}
