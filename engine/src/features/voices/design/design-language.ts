/**
 * The language of a designed voice when the request gives none (document 3: "language
 * BCP-47, auto-detected if omitted"): a language the description names ("a German narrator",
 * "speaks French") or an accent's locale first, else the language the description is written in
 * (franc-min, trigram detection over 82 languages, mapped from ISO 639-3 with iso-639-3), else
 * English.
 */
import { franc } from 'franc-min';
import { iso6393 } from 'iso-639-3';
import type { VoiceDescription } from './describe-voice.ts';

export type LanguageSource = 'request' | 'description' | 'written_language' | 'default';

const TO_ISO1 = new Map(
  iso6393.flatMap((entry) => (entry.iso6391 ? [[entry.iso6393, entry.iso6391] as const] : [])),
);

/** ISO 639-1 (or 639-3 where there is none) of the text's language, or null if unsure. */
export function writtenLanguage(text: string): string | null {
  const code = franc(text, { minLength: 10 });
  if (code === 'und') return null;
  // Mandarin is eSpeak's `cmn`; franc names it so too.
  if (code === 'cmn') return 'cmn';
  return TO_ISO1.get(code) ?? code;
}

export function designLanguage(
  description: string,
  parsed: VoiceDescription,
  requested: string | undefined,
): { language: string; source: LanguageSource } {
  if (requested) return { language: requested, source: 'request' };
  if (parsed.locale) return { language: parsed.locale, source: 'description' };
  const written = writtenLanguage(description);
  if (written)
    return { language: written === 'en' ? 'en-US' : written, source: 'written_language' };
  return { language: 'en-US', source: 'default' };
}
