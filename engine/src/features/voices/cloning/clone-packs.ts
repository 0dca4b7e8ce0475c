/**
 * Voice-cloning packs (docs/api/voices-custom.md, "Cloning packs"): model packs with task `tts`
 * and engine `zipvoice` or `pocket`, run by sherpa-onnx-node's OfflineTts (sherpa-tts-child.ts).
 * Both are zero-shot: the voice is a few seconds of the speaker's own audio (the prompt,
 * voice-prompt.ts), given with every request; ZipVoice also needs the words spoken in it.
 *
 * The files a family needs are named here, by the names the packs' manifests give them
 * (models/zipvoice-distill-zh-en.json, models/pocket-tts-en.json).
 */
import { AppError } from '../../../errors.ts';
import type { ModelManifest } from '../../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { SherpaTtsModel } from './sherpa-tts-protocol.ts';

export const CLONE_FAMILIES = ['zipvoice', 'pocket'] as const;
export type CloneFamily = (typeof CLONE_FAMILIES)[number];

/** The file names each family's packs hold, by the sherpa-onnx config field they fill. */
export const CLONE_FILES = {
  zipvoice: {
    encoder: 'encoder.int8.onnx',
    decoder: 'decoder.int8.onnx',
    vocoder: 'vocos_24khz.onnx',
    tokens: 'tokens.txt',
    lexicon: 'lexicon.txt',
    dataDir: 'espeak-ng-data',
  },
  pocket: {
    lmMain: 'lm_main.int8.onnx',
    lmFlow: 'lm_flow.int8.onnx',
    encoder: 'encoder.onnx',
    decoder: 'decoder.onnx',
    textConditioner: 'text_conditioner.onnx',
    vocabJson: 'vocab.json',
    tokenScoresJson: 'token_scores.json',
  },
} as const satisfies Record<CloneFamily, Record<string, string>>;

/** What a family asks of a sample beyond the audio (PocketTTS: nothing; ZipVoice: its words). */
export const NEEDS_TRANSCRIPT: Readonly<Record<CloneFamily, boolean>> = {
  zipvoice: true,
  pocket: false,
};

export interface ClonePack {
  id: string;
  family: CloneFamily;
  title: string;
  /** BCP 47 tags the pack speaks, first the default. */
  languages: string[];
  needsTranscript: boolean;
}

export interface ReadyClonePack extends ClonePack {
  model: SherpaTtsModel;
}

export function isCloneFamily(engine: string | undefined): engine is CloneFamily {
  return (CLONE_FAMILIES as readonly string[]).includes(engine ?? '');
}

function describePack(manifest: ModelManifest): ClonePack | null {
  if (manifest.task !== 'tts' || !isCloneFamily(manifest.engine)) return null;
  return {
    id: manifest.id,
    family: manifest.engine,
    title: manifest.title,
    languages: manifest.languages ?? ['en-US'],
    needsTranscript: NEEDS_TRANSCRIPT[manifest.engine],
  };
}

/** Every cloning pack this engine knows, installed or not. */
export function clonePacks(models: ModelRegistry): ClonePack[] {
  return models.manifests().flatMap((m) => describePack(m) ?? []);
}

/** Resolves a pack's files (model_not_installed naming the pack when one is missing). */
export function readyClonePack(models: ModelRegistry, pack: ClonePack): ReadyClonePack {
  const resolve = (name: string) => models.resolveModelFile(pack.id, name);
  if (pack.family === 'zipvoice') {
    const f = CLONE_FILES.zipvoice;
    return {
      ...pack,
      model: {
        zipvoice: {
          encoder: resolve(f.encoder),
          decoder: resolve(f.decoder),
          vocoder: resolve(f.vocoder),
          tokens: resolve(f.tokens),
          lexicon: resolve(f.lexicon),
          dataDir: resolve(f.dataDir),
        },
      },
    };
  }
  const f = CLONE_FILES.pocket;
  return {
    ...pack,
    model: {
      pocket: {
        lmMain: resolve(f.lmMain),
        lmFlow: resolve(f.lmFlow),
        encoder: resolve(f.encoder),
        decoder: resolve(f.decoder),
        textConditioner: resolve(f.textConditioner),
        vocabJson: resolve(f.vocabJson),
        tokenScoresJson: resolve(f.tokenScoresJson),
      },
    },
  };
}

/** A cloning pack by id (a voice remembers the pack that speaks it). */
export function clonePackById(models: ModelRegistry, id: string): ReadyClonePack {
  const pack = clonePacks(models).find((p) => p.id === id);
  if (!pack)
    throw new AppError(
      'model_not_installed',
      'The voice-cloning model this voice was made with is no longer available.',
      { details: { capability: 'voice_cloning', pack: id } },
    );
  return readyClonePack(models, pack);
}

export function installedClonePacks(models: ModelRegistry): ClonePack[] {
  return clonePacks(models).filter((p) => models.status(p.id).ready);
}

/** `en-US` speaks `en`; `zh` speaks `zh-CN`: languages match on their primary subtag. */
export function speaksLanguage(pack: ClonePack, language: string): boolean {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  return pack.languages.some((tag) => primary(tag) === primary(language));
}
