/**
 * Voice-conversion packs: model packs (models/*.json) with task `voice-conversion` holding an
 * OpenVoice-style tone colour converter — `tone-extractor.onnx` (a reference encoder: linear
 * spectrogram frames [1,T,513] → tone embedding [1,256]) and `converter.onnx` (spectrogram
 * [1,513,T], its length [1], source and target tones [1,256,1], tau [1] → waveform [1,1,T·256]
 * at 22.05 kHz), the shapes of OpenVoice V2's converter (myshell-ai/OpenVoice `ToneColorConverter`:
 * `extract_se` and `voice_conversion`).
 *
 * No converter is published with a digest this project can verify (the OpenVoice V2 ONNX
 * exports list 12-hex sha256 prefixes only; kNN-VC and Seed-VC have no ONNX release with
 * digests): the conversion routes validate, then answer 503 naming what to install. Tests drive
 * the same path with a generated pack (generated-converter.ts).
 */
import { AppError } from '../../../errors.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';

export const CONVERTER_FILE = 'converter.onnx';
export const TONE_EXTRACTOR_FILE = 'tone-extractor.onnx';

export interface ConversionPackFiles {
  packId: string;
  converterPath: string;
  extractorPath: string;
}

export const CONVERSION_MISSING =
  'Voice conversion needs a conversion pack: an OpenVoice-style tone colour converter (models/<id>.json with task "voice-conversion" holding converter.onnx and tone-extractor.onnx). None is installed, and none is published with a digest this engine can verify yet; install one with `npm run models -- install --from <folder> <pack>` (docs/api/voices-custom.md, "Voice conversion"). Nothing was charged.';

export function requireConversionPack(models: ModelRegistry): ConversionPackFiles {
  const packs = models
    .manifests()
    .filter(
      (m) =>
        m.task === 'voice-conversion' &&
        m.files.some((f) => f.name === CONVERTER_FILE) &&
        m.files.some((f) => f.name === TONE_EXTRACTOR_FILE),
    );
  const ready = packs.find((m) => models.status(m.id).ready);
  if (!ready)
    throw new AppError('model_not_installed', CONVERSION_MISSING, {
      details: {
        capability: 'voice_conversion',
        packs: packs.map((m) => m.id),
        command: packs[0] ? `npm run models -- install ${packs[0].id}` : null,
      },
    });
  return {
    packId: ready.id,
    converterPath: models.resolveModelFile(ready.id, CONVERTER_FILE),
    extractorPath: models.resolveModelFile(ready.id, TONE_EXTRACTOR_FILE),
  };
}
