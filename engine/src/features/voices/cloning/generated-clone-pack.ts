/**
 * A voice-cloning pack the project generates itself (clone-packs.ts format), for tests: a
 * zero-shot voice in piper-plus's signature (generated-piper-voice.ts with `embeddingDim`: its
 * tone follows the speaker embedding's spectral tilt) and a speaker encoder in sherpa-onnx's
 * format (generated-speaker-encoder.ts). No real weights: it proves the path — sample →
 * embedding → a voice that speaks differently for different speakers — not the quality.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeGeneratedPiperVoice } from '../engines/piper/generated-piper-voice.ts';
import { SPEAKER_ENCODER_FILE } from './clone-packs.ts';
import { writeGeneratedSpeakerEncoder } from './generated-speaker-encoder.ts';

export const GENERATED_EMBEDDING_DIM = 192;

export interface GeneratedClonePack {
  /** The manifest (write it as `<id>.json` into a manifests folder). */
  manifest: Record<string, unknown>;
  /** The folder `install --from` reads (files at their manifest `path`). */
  source: string;
}

function entry(source: string, relative: string) {
  const file = path.join(source, ...relative.split('/'));
  return {
    name: path.basename(file),
    path: relative,
    url: `https://example.com/${path.basename(file)}`,
    sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
    bytes: fs.statSync(file).size,
  };
}

export function writeGeneratedClonePack(
  source: string,
  id = 'clone-generated',
): GeneratedClonePack {
  const dir = path.join(source, 'tts', 'zeroshot');
  const voice = writeGeneratedPiperVoice(dir, `${id}-voice`, {
    embeddingDim: GENERATED_EMBEDDING_DIM,
    embeddingHz: 4000,
  });
  writeGeneratedSpeakerEncoder(path.join(dir, SPEAKER_ENCODER_FILE), GENERATED_EMBEDDING_DIM);
  const rel = (file: string) => `tts/zeroshot/${path.basename(file)}`;
  return {
    source,
    manifest: {
      manifestVersion: 1,
      id,
      task: 'tts',
      engine: 'zeroshot',
      version: '1.0.0',
      title: 'Generated zero-shot voice (tests)',
      description: 'A generated piper-plus-format zero-shot voice and speaker encoder.',
      licence: 'MIT',
      source: { page: 'https://example.com/' },
      languages: ['en-US'],
      files: [
        entry(source, rel(voice.modelPath)),
        entry(source, rel(voice.configPath)),
        entry(source, `tts/zeroshot/${SPEAKER_ENCODER_FILE}`),
      ],
    },
  };
}
