/**
 * Voice-cloning packs: model packs (models/*.json) with task `tts` and engine `zeroshot`. A
 * pack holds a zero-shot VITS voice in piper-plus's export (`<voice>.onnx` taking
 * `speaker_embedding` [1,D] and `prosody_features`, with its `<voice>.onnx.json`) and the
 * speaker encoder it was trained with (`speaker-encoder.onnx`, a WeSpeaker or 3D-Speaker export
 * with sherpa-onnx's metadata; piper-plus uses 3D-Speaker CAM++, 192-d). Cloning = the encoder's
 * embedding of the sample; speaking = the voice with that embedding (engines/zeroshot).
 *
 * No zero-shot voice is published with a digest this project can verify yet
 * (docs/api/voices-custom.md, "Cloning packs"), so a fresh install has none and the cloning
 * routes answer 503 naming what to install; tests install generated packs of the same format.
 */
import { AppError } from '../../../errors.ts';
import type { ModelManifest } from '../../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';

export const SPEAKER_ENCODER_FILE = 'speaker-encoder.onnx';

export interface ClonePackFiles {
  packId: string;
  modelPath: string;
  configPath: string;
  encoderPath: string;
}

export const CLONING_MISSING =
  'Cloning a voice needs a voice-cloning pack: a zero-shot voice (models/<id>.json with task "tts" and engine "zeroshot": a piper-plus zero-shot .onnx + .onnx.json and its speaker-encoder.onnx). None is installed, and none is published with a digest this engine can verify yet; install one with `npm run models -- install --from <folder> <pack>` (docs/api/voices-custom.md, "Cloning packs"). The sample itself passed every check.';

export function clonePacks(models: ModelRegistry): ModelManifest[] {
  return models.manifests().filter((m) => m.task === 'tts' && m.engine === 'zeroshot');
}

/** The files of one cloning pack (model_not_installed when a file is missing). */
export function clonePackFiles(models: ModelRegistry, manifest: ModelManifest): ClonePackFiles {
  const model = manifest.files.find(
    (f) => f.name.endsWith('.onnx') && manifest.files.some((c) => c.name === `${f.name}.json`),
  );
  const encoder = manifest.files.find((f) => f.name === SPEAKER_ENCODER_FILE);
  if (!model || !encoder)
    throw new AppError(
      'model_not_installed',
      `Cloning pack ${manifest.id} must hold a <voice>.onnx with its .onnx.json and a ${SPEAKER_ENCODER_FILE}.`,
      { details: { pack: manifest.id } },
    );
  return {
    packId: manifest.id,
    modelPath: models.resolveModelFile(manifest.id, model.name),
    configPath: models.resolveModelFile(manifest.id, `${model.name}.json`),
    encoderPath: models.resolveModelFile(manifest.id, encoder.name),
  };
}

/** The first installed cloning pack, or 503 model_not_installed saying what to install. */
export function requireClonePack(models: ModelRegistry, packId?: string | null): ClonePackFiles {
  const packs = clonePacks(models);
  if (packId) {
    const wanted = packs.find((m) => m.id === packId);
    if (wanted) return clonePackFiles(models, wanted);
  }
  const ready = packs.find((m) => models.status(m.id).ready);
  if (!ready)
    throw new AppError('model_not_installed', CLONING_MISSING, {
      details: {
        capability: 'voice_cloning',
        packs: packs.map((m) => m.id),
        command: packs[0] ? `npm run models -- install ${packs[0].id}` : null,
      },
    });
  return clonePackFiles(models, ready);
}
