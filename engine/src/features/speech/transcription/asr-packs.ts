/**
 * Which model packs transcription uses, resolved through the model registry (TAPEHOUSE_MODELS_DIR
 * first, then installed packs). A missing pack is 503 `model_not_installed` naming the install
 * command, raised before anything is charged. docs/api/transcription.md lists the packs.
 */
import { AppError } from '../../../errors.ts';
import { installCommand, type ModelRegistry } from '../../../inference/model-registry.ts';
import type { DiarizeConfig, WhisperFiles } from '../asr-engines/sherpa-protocol.ts';

/** Whisper packs in sherpa-onnx's export format, largest first. */
export const WHISPER_PACKS = [
  'whisper-large-v3-turbo',
  'whisper-small',
  'whisper-base',
  'whisper-tiny',
] as const;

/** Standard (the contract's default tier), or the premium tiers of model_type. */
export type ModelType = 'standard' | 'premium' | 'premium-diarized';

/**
 * The order packs are tried in: premium takes the largest installed, Standard the fastest
 * accurate one (small, then base, tiny), falling back to large-v3-turbo when only it is there.
 */
export function packOrder(modelType: ModelType): readonly string[] {
  return modelType === 'standard'
    ? ['whisper-small', 'whisper-base', 'whisper-tiny', 'whisper-large-v3-turbo']
    : WHISPER_PACKS;
}
export const VAD_PACK = 'silero-vad';
export const DIARIZATION_PACK = 'speaker-diarization';

function hasManifest(models: ModelRegistry, pack: string): boolean {
  return models.manifests().some((m) => m.id === pack);
}

/**
 * 503 naming the command that installs the first of `packs` this build has a manifest for (so
 * the command works as printed). When none has one, it says so and how a pack is added, rather
 * than naming a command that would answer "unknown model pack".
 */
function notInstalled(models: ModelRegistry, what: string, packs: readonly string[]): AppError {
  const pack = packs.find((p) => hasManifest(models, p));
  if (pack === undefined) {
    return new AppError(
      'model_not_installed',
      `${what} is not installed, and this build ships no manifest for ${packs.join(', ')}. ` +
        'Add one under models/ (docs/api/transcription.md, "Model packs"), then run: npm run models -- install <id>',
      { details: { packs: [...packs], command: null } },
    );
  }
  const command = installCommand(pack);
  return new AppError(
    'model_not_installed',
    `${what} is not installed. Install it with: ${command}`,
    {
      details: { pack, command },
    },
  );
}

function tryResolve(models: ModelRegistry, pack: string, file: string): string | null {
  try {
    return models.resolveModelFile(pack, file);
  } catch {
    return null;
  }
}

export interface AsrFiles {
  pack: string;
  whisper: WhisperFiles;
  vad: string;
}

/** The best ready Whisper pack (or `wanted` when given) and the Silero VAD model. */
export function resolveAsr(
  models: ModelRegistry,
  wanted: string | null = null,
  modelType: ModelType = 'standard',
): AsrFiles {
  const packs = wanted ? [wanted] : packOrder(modelType);
  let whisper: (WhisperFiles & { pack: string }) | null = null;
  for (const pack of packs) {
    const encoder = tryResolve(models, pack, 'encoder.onnx');
    const decoder = tryResolve(models, pack, 'decoder.onnx');
    const tokens = tryResolve(models, pack, 'tokens.tiktoken');
    if (encoder && decoder && tokens) {
      whisper = { pack, encoder, decoder, tokens };
      break;
    }
  }
  if (!whisper) {
    // The smallest pack first: the quickest download that makes transcription work.
    const suggest = wanted ? [wanted] : [...WHISPER_PACKS].reverse();
    throw notInstalled(models, 'A Whisper speech-recognition pack', suggest);
  }
  const vad = tryResolve(models, VAD_PACK, 'silero_vad.onnx');
  if (!vad)
    throw notInstalled(models, 'The Silero VAD model (used to cut audio into speech)', [VAD_PACK]);
  const { pack, ...files } = whisper;
  return { pack, whisper: files, vad };
}

/** pyannote segmentation 3.0 + a speaker-embedding model, in sherpa-onnx's format. */
export function resolveDiarization(
  models: ModelRegistry,
): Pick<DiarizeConfig, 'segmentation' | 'embedding'> {
  const segmentation = tryResolve(models, DIARIZATION_PACK, 'segmentation.onnx');
  const embedding = tryResolve(models, DIARIZATION_PACK, 'embedding.onnx');
  if (!segmentation || !embedding)
    throw notInstalled(models, 'Speaker diarization', [DIARIZATION_PACK]);
  return { segmentation, embedding };
}
