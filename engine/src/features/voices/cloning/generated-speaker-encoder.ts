/**
 * A speaker-embedding model the project generates itself (no downloaded weights), in the format
 * sherpa-onnx's SpeakerEmbeddingExtractor runs: input [1,T,80] Kaldi fbank frames → output
 * [1,D], with the metadata sherpa requires (`framework`, `sample_rate`, `output_dim`,
 * `normalize_samples`, `language`; sherpa-onnx scripts/3d-speaker/export-onnx.py writes the same
 * keys). Embedding dim j is the clip's mean log-mel energy in band j mod 80, so two speakers
 * with different spectra get different embeddings and the same clip always the same one: enough
 * to drive the cloning path (sample → embedding → zero-shot voice) in tests. Not a real
 * speaker model: it measures timbre, not identity.
 */
import fs from 'node:fs';
import path from 'node:path';
import { attr, buildModel, node, tensor, valueInfo } from '../../../inference/onnx-builder.ts';

export const FBANK_DIM = 80;

export function generatedSpeakerEncoder(dim = 192, framework = '3d-speaker'): Uint8Array {
  const weights: number[] = [];
  for (let band = 0; band < FBANK_DIM; band++)
    for (let j = 0; j < dim; j++) weights.push(j % FBANK_DIM === band ? 1 : 0);
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-speaker-encoder',
    metadata: {
      framework,
      sample_rate: '16000',
      output_dim: String(dim),
      normalize_samples: '1',
      language: 'English',
      comment: 'generated for tests: mean log-mel per band, not a speaker model',
    },
    graph: {
      name: 'tapehouse-generated-speaker-encoder',
      inputs: [valueInfo('x', 'float32', [1, 'T', FBANK_DIM])],
      outputs: [valueInfo('embedding', 'float32', [1, dim])],
      initializers: [tensor('w', 'float32', [FBANK_DIM, dim], weights)],
      nodes: [
        node('MatMul', ['x', 'w'], ['projected']),
        node('ReduceMean', ['projected'], ['embedding'], {
          axes: attr.ints([1]),
          keepdims: attr.int(0),
        }),
      ],
    },
  });
}

export function writeGeneratedSpeakerEncoder(file: string, dim = 192): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, generatedSpeakerEncoder(dim));
  return file;
}
