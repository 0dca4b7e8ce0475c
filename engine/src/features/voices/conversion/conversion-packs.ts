/**
 * Voice-conversion packs: model packs (task `voice-conversion`) holding an OpenVoice V2 tone
 * colour converter — `tone-extractor.onnx` (reference encoder: linear spectrogram frames
 * [1,T,513] → tone embedding [1,256]) and `converter.onnx` (spectrogram [1,513,T], its length
 * [1], source and target tones [1,256,1], tau [1] → waveform [1,1,T·256] at 22.05 kHz), OpenVoice's
 * `extract_se` and `voice_conversion`. The published pack ships the PyTorch checkpoint; both
 * graphs are assembled from it at install (inference/assembly, docs/api/voices-custom.md).
 */
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import { packEntries } from '../../../inference/model-manifest.ts';
import { packNeeded } from '../../../inference/pack-needed.ts';

export const CONVERTER_FILE = 'converter.onnx';
export const TONE_EXTRACTOR_FILE = 'tone-extractor.onnx';

export interface ConversionPackFiles {
  packId: string;
  converterPath: string;
  extractorPath: string;
}

export function requireConversionPack(models: ModelRegistry): ConversionPackFiles {
  const packs = models.manifests().filter((m) => {
    const names = packEntries(m).map((f) => f.name);
    return (
      m.task === 'voice-conversion' &&
      names.includes(CONVERTER_FILE) &&
      names.includes(TONE_EXTRACTOR_FILE)
    );
  });
  const ready = packs.find((m) => models.status(m.id).ready);
  if (!ready) throw packNeeded(models, 'voice-conversion', 'Converting a voice', packs[0]?.id);
  return {
    packId: ready.id,
    converterPath: models.resolveModelFile(ready.id, CONVERTER_FILE),
    extractorPath: models.resolveModelFile(ready.id, TONE_EXTRACTOR_FILE),
  };
}
