/**
 * Zero-shot speech in the voice of a prompt clip that is no custom voice (speech translation
 * speaks each speaker's lines in a clone of that speaker, cut from their own segments;
 * docs/api/speech-translation.md). Same packs, child process and sentence loop as cloned custom
 * voices (engines/cloned/cloned-engine.ts).
 *
 * Which pack: one that speaks the target language, its first language before a pack that also
 * speaks it; and since the prompt's words are in the SOURCE language, a pack that needs them
 * (ZipVoice) only when it also speaks that language — else it would read words it has no
 * pronunciations for.
 */
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { ClonedVoiceEngine } from '../engines/cloned/cloned-engine.ts';
import type { TtsResult } from '../engines/tts-engine.ts';
import {
  clonePacks,
  installedClonePacks,
  readyClonePack,
  speaksLanguage,
  type ClonePack,
} from './clone-packs.ts';

export interface PromptSpeechRequest {
  packId: string;
  /** Mono WAV of the speaker, a few seconds. */
  promptPath: string;
  /** The words spoken in the prompt (needed by packs with `needsTranscript`). */
  promptText: string | null;
  /** BCP 47 or the engine's code (`en`, `zh-cn`). */
  language: string;
  text: string;
  /** Fixes the sampling noise: the same speaker sounds the same in every line. */
  seed: number;
  /** Pace: 1 is the model's own (the audio is stretched without changing pitch). */
  speed: number;
  signal: AbortSignal;
}

function primary(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? '';
}

export class PromptCloning {
  constructor(
    private readonly models: ModelRegistry,
    private readonly engine: ClonedVoiceEngine,
  ) {}

  /** Every cloning pack (installed or not) that speaks `language`. */
  packsFor(language: string): ClonePack[] {
    return clonePacks(this.models).filter((p) => speaksLanguage(p, language));
  }

  /**
   * The installed pack that speaks `target` from a prompt in `promptLanguage`, or null: none
   * installed does.
   */
  packFor(target: string, promptLanguage: string | null): ClonePack | null {
    const usable = installedClonePacks(this.models).filter(
      (p) =>
        speaksLanguage(p, target) &&
        (!p.needsTranscript || (promptLanguage !== null && speaksLanguage(p, promptLanguage))),
    );
    const rank = (p: ClonePack) => (primary(p.languages[0] ?? '') === primary(target) ? 0 : 1);
    return [...usable].sort((a, b) => rank(a) - rank(b))[0] ?? null;
  }

  async speak(request: PromptSpeechRequest): Promise<TtsResult> {
    const pack = clonePacks(this.models).find((p) => p.id === request.packId);
    if (!pack) throw new Error(`unknown cloning pack ${request.packId}`);
    return this.engine.synthesizeWith(
      {
        pack: readyClonePack(this.models, pack),
        promptPath: request.promptPath,
        promptText: request.promptText,
        language: request.language,
      },
      request.seed,
      { text: request.text, speed: request.speed, signal: request.signal },
    );
  }
}
