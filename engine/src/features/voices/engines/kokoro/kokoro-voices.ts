/**
 * What a Kokoro voice name says about the voice: `<language letter><gender letter>_<name>`,
 * e.g. `af_heart` (American English, female), `bm_george` (British English, male),
 * `zf_xiaoxiao` (Mandarin, female) — the naming of hexgrad/Kokoro-82M VOICES.md. The language
 * letter also picks the eSpeak NG voice used to phonemize.
 */

export interface KokoroLanguage {
  /** BCP 47 tag for the catalog. */
  bcp47: string;
  /** eSpeak NG voice for phonemization. */
  espeak: string;
  name: string;
}

export const KOKORO_LANGUAGES: Record<string, KokoroLanguage> = {
  a: { bcp47: 'en-US', espeak: 'en-us', name: 'American English' },
  b: { bcp47: 'en-GB', espeak: 'en-gb', name: 'British English' },
  e: { bcp47: 'es-ES', espeak: 'es', name: 'Spanish' },
  f: { bcp47: 'fr-FR', espeak: 'fr-fr', name: 'French' },
  h: { bcp47: 'hi-IN', espeak: 'hi', name: 'Hindi' },
  i: { bcp47: 'it-IT', espeak: 'it', name: 'Italian' },
  j: { bcp47: 'ja-JP', espeak: 'ja', name: 'Japanese' },
  p: { bcp47: 'pt-BR', espeak: 'pt-br', name: 'Brazilian Portuguese' },
  z: { bcp47: 'zh-CN', espeak: 'cmn', name: 'Mandarin Chinese' },
};

export interface KokoroVoiceInfo {
  name: string;
  language: KokoroLanguage;
  gender: 'male' | 'female' | null;
  /** "Heart", "George"… */
  displayName: string;
}

/** Parses a Kokoro voice name; null when it does not follow the naming scheme. */
export function kokoroVoiceInfo(name: string): KokoroVoiceInfo | null {
  const match = /^([a-z])([fm])_([a-z0-9_]+)$/.exec(name);
  if (match === null) return null;
  const language = KOKORO_LANGUAGES[match[1] ?? ''];
  if (language === undefined) return null;
  const base = match[3] ?? name;
  return {
    name,
    language,
    gender: match[2] === 'f' ? 'female' : 'male',
    displayName: base.charAt(0).toUpperCase() + base.slice(1).replace(/_/g, ' '),
  };
}
