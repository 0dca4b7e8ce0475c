/**
 * Generated models of each family's published signature, as the bytes ./mirror-packs.ts serves
 * at the committed packs' real URLs: a Whisper pair of sherpa-onnx's export whose decoder says
 * the given words, sherpa-onnx's diarization pair, and an HT-Demucs graph ([1, 2, 343980] in,
 * [1, 4, 2, 343980] out) whose sources are fixed shares of the mix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeDiarizationModels } from '../../engine/src/features/speech/asr-engines/test-fixtures/diarization-models.ts';
import {
  languageToken,
  tiktokenRank,
  WHISPER_IDS,
  writeScriptedWhisper,
} from '../../engine/src/features/speech/asr-engines/test-fixtures/scripted-whisper.ts';
import { buildModel, node, tensor, valueInfo } from '../../engine/src/inference/onnx-builder.ts';
import type { Generated } from './mirror-packs.ts';

/** encoder.onnx and decoder.onnx: every speech segment is heard as `words` in `language`. */
export function whisperFiles(
  dir: string,
  tiktoken: string,
  words: string[],
  language: string,
): Generated {
  const ids = words.map((w) => tiktokenRank(tiktoken, w));
  const files = writeScriptedWhisper(dir, [languageToken(language), 0, 0, ...ids, WHISPER_IDS.eot]);
  return { 'encoder.onnx': { file: files.encoder }, 'decoder.onnx': { file: files.decoder } };
}

/** segmentation.onnx (inside the archive, with its licence) and embedding.onnx. */
export function diarizationFiles(dir: string): Generated {
  const files = writeDiarizationModels(dir);
  return {
    'segmentation.onnx': { file: files.segmentation },
    'segmentation.LICENSE': Buffer.from('MIT License (generated for tests)\n'),
    'embedding.onnx': { file: files.embedding },
  };
}

export const DEMUCS_GAINS = [0.1, 0.2, 0.3, 0.4];

/** htdemucs_fp16weights.onnx's signature; source s = mix · DEMUCS_GAINS[s]. */
export function htdemucsFiles(dir: string): Generated {
  const segment = 343_980;
  const model = buildModel({
    opset: 17,
    graph: {
      name: 'htdemucs-signature',
      inputs: [valueInfo('mix', 'float32', [1, 2, segment])],
      outputs: [valueInfo('stems', 'float32', [1, 4, 2, segment])],
      initializers: [
        tensor('axes', 'int64', [1], [1n]),
        tensor('gains', 'float32', [1, 4, 1, 1], DEMUCS_GAINS),
      ],
      nodes: [
        node('Unsqueeze', ['mix', 'axes'], ['wide']),
        node('Mul', ['wide', 'gains'], ['stems']),
      ],
    },
  });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'htdemucs.onnx');
  fs.writeFileSync(file, model);
  return { 'htdemucs_fp16weights.onnx': { file } };
}
