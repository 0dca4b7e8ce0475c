/**
 * How alike two voices are, as speaker verification measures it: the cosine of their speaker
 * embeddings from WeSpeaker's ResNet34 (VoxCeleb, large-margin fine-tuned; the
 * `speaker-embedding-wespeaker-resnet34` pack), run by sherpa-onnx in the voices area's child
 * process. Used to report how close a clone sounds to its sample (the custom-voice job) and by
 * `npm run eval -- voices` (clone vs sample and vs impostors).
 *
 * The published file has no sherpa-onnx metadata; sherpa reads it from the model and exits
 * without it, so a copy with the metadata appended (graph and weights untouched:
 * inference/onnx-builder.ts `withMetadata`, what sherpa's own add_meta_data.py does) is kept
 * under `<data dir>/cache/speaker-encoders/`. `feature_normalize_type: global-mean` is
 * WeSpeaker's own per-utterance mean normalisation of the fbank frames; samples are scaled to
 * int16 range (`normalize_samples: 0`), as WeSpeaker was trained.
 */
import fs from 'node:fs';
import path from 'node:path';
import { withMetadata } from '../../../inference/onnx-builder.ts';
import { readOnnxMetadata } from '../../../inference/onnx-metadata.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import { isAppError } from '../../../errors.ts';

export const SIMILARITY_PACK = 'speaker-embedding-wespeaker-resnet34';
export const SIMILARITY_FILE = 'voxceleb_resnet34_LM.onnx';

const WESPEAKER_METADATA = {
  framework: 'wespeaker',
  language: 'English',
  url: 'https://github.com/wenet-e2e/wespeaker/blob/master/docs/pretrained.md',
  comment: 'metadata added by Tapehouse (weights unchanged)',
  sample_rate: '16000',
  output_dim: '256',
  normalize_samples: '0',
  normalize_features: '0',
  feature_normalize_type: 'global-mean',
} as const;

/** `model` itself when it has sherpa's metadata, else a cached copy that has it. */
export function sherpaReadyEncoder(
  model: string,
  cacheDir: string,
  metadata: Readonly<Record<string, string>>,
): string {
  const stat = fs.statSync(model);
  const cached = path.join(cacheDir, `${path.basename(model, '.onnx')}-${stat.size}.onnx`);
  if (fs.existsSync(cached)) return cached;
  const bytes = fs.readFileSync(model);
  if ('framework' in readOnnxMetadata(bytes)) return model;
  fs.mkdirSync(cacheDir, { recursive: true });
  const partial = `${cached}.${process.pid}.partial`;
  fs.writeFileSync(partial, withMetadata(bytes, metadata));
  fs.renameSync(partial, cached);
  return cached;
}

/** The similarity model ready for sherpa, or null when its pack is not installed. */
export function similarityModel(models: ModelRegistry, home: string): string | null {
  let file: string;
  try {
    file = models.resolveModelFile(SIMILARITY_PACK, SIMILARITY_FILE);
  } catch (error) {
    if (isAppError(error) && (error.code === 'model_not_installed' || error.code === 'not_found'))
      return null;
    throw error;
  }
  return sherpaReadyEncoder(file, path.join(home, 'cache', 'speaker-encoders'), WESPEAKER_METADATA);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** The mean of L2-normalised embeddings (several samples of one speaker), normalised. */
export function meanEmbedding(embeddings: readonly Float32Array[]): Float32Array {
  const dim = embeddings[0]?.length ?? 0;
  const out = new Float32Array(dim);
  for (const e of embeddings) {
    let norm = 0;
    for (const v of e) norm += v * v;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < dim; i++) out[i] = (out[i] ?? 0) + (e[i] ?? 0) * scale;
  }
  let norm = 0;
  for (const v of out) norm += v * v;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < dim; i++) out[i] = (out[i] ?? 0) * scale;
  return out;
}
