/**
 * Which installed cloning pack makes a new voice (docs/api/voices-custom.md, "Cloning packs"):
 * the one asked for (`model`), else the best for the language — a pack whose first language it
 * is before one that also speaks it, and one that can be used now (ZipVoice needs the sample's
 * words: given, or heard by an installed speech recognition pack) before one that cannot.
 * Nothing installed is a 503 naming the pack to install; a language no pack speaks is a 400.
 */
import { AppError } from '../../../errors.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import {
  clonePacks,
  installedClonePacks,
  readyClonePack,
  speaksLanguage,
  type ClonePack,
  type ReadyClonePack,
} from './clone-packs.ts';

/** The 503 text: which pack to install, in the words the Models page uses. */
export function cloningMissing(suggested: ClonePack | null): string {
  const what = suggested ? `“${suggested.title}”` : 'a voice-cloning model';
  return (
    `Cloning a voice needs a voice-cloning model, and none that fits is installed. Install ` +
    `${what} from the Models page. Your sample passed every check and nothing was charged.`
  );
}

export interface CloneRequest {
  /** BCP 47, or null: the pack's own language. */
  language: string | null;
  /** A pack id asked for by the caller, or null. */
  model: string | null;
  /** The caller gave the sample's words, or a speech recognition pack can hear them. */
  wordsAvailable: boolean;
}

function missing(models: ModelRegistry, language: string | null): AppError {
  const all = clonePacks(models);
  const fitting = language ? all.filter((p) => speaksLanguage(p, language)) : all;
  const suggested = fitting.find((p) => !p.needsTranscript) ?? fitting[0] ?? null;
  return new AppError('model_not_installed', cloningMissing(suggested), {
    details: {
      capability: 'voice_cloning',
      pack: suggested?.id ?? null,
      packs: fitting.map((p) => p.id),
    },
  });
}

function primaryFirst(language: string | null) {
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  return (a: ClonePack, b: ClonePack): number => {
    if (!language) return 0;
    const rank = (p: ClonePack) => (primary(p.languages[0] ?? '') === primary(language) ? 0 : 1);
    return rank(a) - rank(b);
  };
}

export function chooseClonePack(models: ModelRegistry, request: CloneRequest): ReadyClonePack {
  const installed = installedClonePacks(models);
  if (request.model) {
    const asked = clonePacks(models).find((p) => p.id === request.model);
    if (!asked)
      throw new AppError(
        'validation_error',
        `"${request.model}" is not a voice-cloning model. Known: ${clonePacks(models)
          .map((p) => p.id)
          .join(', ')}.`,
        { details: { fields: [{ loc: ['body', 'model'], msg: 'unknown cloning model' }] } },
      );
    if (!installed.some((p) => p.id === asked.id))
      throw new AppError('model_not_installed', `${asked.title} is not installed.`, {
        details: { capability: 'voice_cloning', pack: asked.id, packs: [asked.id] },
      });
    return readyClonePack(models, asked);
  }
  if (installed.length === 0) throw missing(models, request.language);
  const speaking = request.language
    ? installed.filter((p) => speaksLanguage(p, request.language ?? ''))
    : installed;
  if (speaking.length === 0) {
    if (clonePacks(models).some((p) => speaksLanguage(p, request.language ?? '')))
      throw missing(models, request.language);
    const spoken = [...new Set(clonePacks(models).flatMap((p) => p.languages))];
    throw new AppError(
      'validation_error',
      `No voice-cloning model speaks ${request.language}; they speak ${spoken.join(', ')}.`,
      { details: { fields: [{ loc: ['body', 'language'], msg: 'unsupported language' }] } },
    );
  }
  const ranked = [...speaking].sort(primaryFirst(request.language));
  const usable = ranked.find((p) => !p.needsTranscript || request.wordsAvailable);
  // Only packs that need the sample's words, and none can be had: the prompt step says so.
  return readyClonePack(models, usable ?? (ranked[0] as ClonePack));
}
