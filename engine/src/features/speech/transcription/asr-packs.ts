/**
 * Which model packs transcription uses, resolved through the model registry (TAPEHOUSE_MODELS_DIR
 * first, then installed packs). A missing pack is 503 `model_not_installed` naming the pack to
 * install (inference/pack-needed.ts: the studio shows an Install button for it), raised before
 * anything is charged. docs/api/transcription.md lists the packs.
 */
import { packNeeded } from '../../../inference/pack-needed.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
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
    // The pack this machine runs best (pack-recommendations.ts), or the one asked for.
    throw packNeeded(models, 'transcription', 'Transcription', wanted ?? undefined);
  }
  const vad = tryResolve(models, VAD_PACK, 'silero_vad.onnx');
  if (!vad) throw packNeeded(models, 'transcription', 'Transcription', VAD_PACK);
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
    throw packNeeded(models, 'diarization', 'Telling speakers apart', DIARIZATION_PACK);
  return { segmentation, embedding };
}
