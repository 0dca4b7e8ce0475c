/**
 * OpenAI's voice names on /audio/speech (docs/api/openai-compat.md, "Voices"): scripts written
 * for OpenAI send `voice: "alloy"`. Each name maps to a local voice of the same character —
 * Kokoro's voice of that name or nearest kind when the Kokoro pack is installed (Kokoro names
 * several voices after OpenAI's: af_alloy, am_echo, am_onyx, af_nova, bm_fable), else an
 * embedded eSpeak NG character preset (gender, pitch and pace chosen to match OpenAI's
 * descriptions: onyx deep, nova bright, fable British, sage calm…).
 */
export const OPENAI_VOICE_NAMES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
] as const;

export type OpenAiVoiceName = (typeof OPENAI_VOICE_NAMES)[number];

/** [Kokoro voice when installed, embedded preset slug otherwise]. */
export const OPENAI_VOICE_MAP: Readonly<Record<OpenAiVoiceName, [string, string]>> = {
  alloy: ['kokoro:af_alloy', 'en-us+f2'],
  ash: ['kokoro:am_adam', 'en-us+m3'],
  ballad: ['kokoro:bm_lewis', 'en+m6'],
  coral: ['kokoro:af_heart', 'en-us+belinda'],
  echo: ['kokoro:am_echo', 'en-us+m2'],
  fable: ['kokoro:bm_fable', 'en-gb-x-rp+michael'],
  onyx: ['kokoro:am_onyx', 'en-us+david'],
  nova: ['kokoro:af_nova', 'en-us+f5'],
  sage: ['kokoro:af_sarah', 'en-us+f4'],
  shimmer: ['kokoro:af_bella', 'en-us+annie'],
  verse: ['kokoro:am_michael', 'en-us+alex'],
};

export function openAiVoice(name: string): [string, string] | null {
  const key = name.trim().toLowerCase() as OpenAiVoiceName;
  return Object.hasOwn(OPENAI_VOICE_MAP, key) ? OPENAI_VOICE_MAP[key] : null;
}
