/**
 * Which model packs transcription uses, resolved through the model registry (TAPEHOUSE_MODELS_DIR
 * first, then installed packs). A missing pack is 503 `model_not_installed` naming the install
 * command, raised before anything is charged. docs/api/transcription.md lists the packs.
 */
import { AppError } from '../../../errors.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { DiarizeConfig, WhisperFiles } from '../asr-engines/sherpa-protocol.ts';

/** Whisper packs in sherpa-onnx's export format, best first; the first ready one is used. */
export const WHISPER_PACKS = [
  'whisper-large-v3-turbo',
  'whisper-small',
  'whisper-base',
  'whisper-tiny',
] as const;
export const DEFAULT_INSTALL_PACK = 'whisper-tiny';
export const VAD_PACK = 'silero-vad';
export const DIARIZATION_PACK = 'speaker-diarization';

function installHint(pack: string): string {
  return `npm run models -- install ${pack}`;
}

function notInstalled(what: string, pack: string): AppError {
  const command = installHint(pack);
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
export function resolveAsr(models: ModelRegistry, wanted: string | null = null): AsrFiles {
  const packs = wanted ? [wanted] : WHISPER_PACKS;
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
  if (!whisper)
    throw notInstalled('A Whisper speech-recognition pack', wanted ?? DEFAULT_INSTALL_PACK);
  const vad = tryResolve(models, VAD_PACK, 'silero_vad.onnx');
  if (!vad) throw notInstalled('The Silero VAD model (used to cut audio into speech)', VAD_PACK);
  const { pack, ...files } = whisper;
  return { pack, whisper: files, vad };
}

/** pyannote segmentation 3.0 + a speaker-embedding model, in sherpa-onnx's format. */
export function resolveDiarization(
  models: ModelRegistry,
): Pick<DiarizeConfig, 'segmentation' | 'embedding'> {
  const segmentation = tryResolve(models, DIARIZATION_PACK, 'segmentation.onnx');
  const embedding = tryResolve(models, DIARIZATION_PACK, 'embedding.onnx');
  if (!segmentation || !embedding) throw notInstalled('Speaker diarization', DIARIZATION_PACK);
  return { segmentation, embedding };
}
