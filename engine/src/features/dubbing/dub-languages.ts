/**
 * The languages speech translation takes (document 3, "Speech translation": 21 codes, ISO 639-1
 * style with `zh-cn`; docs/api/speech-translation.md, "Languages"). Spellings the text translator
 * accepts for them (`EN`, `zh`, `zh-Hans`) map to these codes; anything else is a 400.
 */
import { languageCode, MT_LANGUAGES } from '../translation/index.ts';

export const DUB_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'pl',
  'tr',
  'ru',
  'nl',
  'cs',
  'ar',
  'zh-cn',
  'ja',
  'hu',
  'ko',
  'hi',
  'ka',
  'te',
  'ml',
  'ta',
] as const;

export type DubLanguage = (typeof DUB_LANGUAGES)[number];

/** The contract's code for what a user sent, or null when it is not one of the 21. */
export function dubLanguage(raw: string): DubLanguage | null {
  const code = languageCode(raw);
  return (DUB_LANGUAGES as readonly string[]).includes(code ?? '') ? (code as DubLanguage) : null;
}

export function languageName(code: string): string {
  return MT_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** Whisper's code → ours (`zh` → `zh-cn`); null for a language the text translator lacks. */
export function fromWhisper(code: string): string | null {
  return languageCode(code);
}

/** ISO 639-2 (what containers tag audio tracks with), for the languages we write. */
export const ISO_639_2: Readonly<Record<DubLanguage, string>> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
  pl: 'pol',
  tr: 'tur',
  ru: 'rus',
  nl: 'nld',
  cs: 'ces',
  ar: 'ara',
  'zh-cn': 'zho',
  ja: 'jpn',
  hu: 'hun',
  ko: 'kor',
  hi: 'hin',
  ka: 'kat',
  te: 'tel',
  ml: 'mal',
  ta: 'tam',
};
