/**
 * How alike two voices are, as speaker verification measures it: the cosine of their speaker
 * embeddings, run by sherpa-onnx in the voices area's child process. Used to report how close a
 * clone sounds to its sample (the custom-voice job) and by `npm run eval -- voices` (clone vs
 * sample and vs impostors).
 *
 * The model is the first installed of: WeSpeaker's ResNet34 (VoxCeleb, large-margin fine-tuned;
 * a `speaker-embedding-wespeaker-resnet34` pack, when one is defined), else the diarization
 * pack's 3D-Speaker CAM++ (`speaker-diarization`, `embedding.onnx`: zh+en, 192-d, released by
 * sherpa-onnx with its metadata) — so the measure comes with a pack users install anyway.
 *
 * The published WeSpeaker file has no sherpa-onnx metadata; sherpa reads it from the model and
 * exits without it, so a copy with the metadata appended (graph and weights untouched:
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
/** The fallback: the diarization pack's speaker embedding (sherpa-ready). */
export const DIARIZATION_PACK = 'speaker-diarization';
export const DIARIZATION_EMBEDDING = 'embedding.onnx';

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

function installed(models: ModelRegistry, pack: string, file: string): string | null {
  try {
    return models.resolveModelFile(pack, file);
  } catch (error) {
    if (isAppError(error) && (error.code === 'model_not_installed' || error.code === 'not_found'))
      return null;
    throw error;
  }
}

export interface SimilarityModel {
  /** The model file ready for sherpa. */
  file: string;
  /** Which model measures (for reports). */
  name: string;
}

/** The similarity model ready for sherpa, or null when neither pack is installed. */
export function similarityModel(models: ModelRegistry, home: string): SimilarityModel | null {
  const wespeaker = installed(models, SIMILARITY_PACK, SIMILARITY_FILE);
  if (wespeaker)
    return {
      file: sherpaReadyEncoder(
        wespeaker,
        path.join(home, 'cache', 'speaker-encoders'),
        WESPEAKER_METADATA,
      ),
      name: 'WeSpeaker ResNet34',
    };
  const campplus = installed(models, DIARIZATION_PACK, DIARIZATION_EMBEDDING);
  return campplus ? { file: campplus, name: '3D-Speaker CAM++' } : null;
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
