/**
 * GET /audiobook/voices/languages: every language some catalog voice speaks as its own, with a
 * readable name (Intl.DisplayNames, English) and how many voices (and neural voices) speak it.
 */
import type { SpeakableVoice } from './voice-catalog.ts';

export interface LanguageEntry {
  code: string;
  name: string;
  voice_count: number;
  neural_voice_count: number;
  variant_count: number;
}

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

export function languageName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code; // private-use or eSpeak-only tags Intl does not accept
  }
}

export function catalogLanguages(voices: readonly SpeakableVoice[]): LanguageEntry[] {
  const byCode = new Map<string, LanguageEntry>();
  for (const voice of voices) {
    const entry = byCode.get(voice.language) ?? {
      code: voice.language,
      name: languageName(voice.language),
      voice_count: 0,
      neural_voice_count: 0,
      variant_count: 0,
    };
    if (voice.variant) entry.variant_count += 1;
    else entry.voice_count += 1;
    if (voice.tier === 'neural') entry.neural_voice_count += 1;
    byCode.set(voice.language, entry);
  }
  return [...byCode.values()].sort((a, b) => a.name.localeCompare(b.name));
}
