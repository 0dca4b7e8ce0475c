/**
 * Which eSpeak NG voice reads the known text for alignment: the voice whose language list names
 * the requested language exactly, else the first whose list names its base language ("pt-BR"
 * finds `roa/pt-BR`, "en" finds American English). The voice's timbre does not matter to the
 * aligner (features are normalised); its phonology does.
 */
import { AppError } from '../../../errors.ts';
import { ESPEAK_VOICES } from '../../voices/index.ts';

/** Preferred voice for a bare language code where eSpeak lists several. */
const PREFERRED: Readonly<Record<string, string>> = {
  en: 'gmw/en-US',
  es: 'roa/es',
  fr: 'roa/fr',
  pt: 'roa/pt-BR',
  zh: 'sit/cmn',
};

export function referenceVoice(language: string): string {
  const code = language.trim().toLowerCase().replace(/_/g, '-');
  const base = code.split('-')[0] ?? code;
  if (code === base && PREFERRED[base]) return PREFERRED[base];
  const exact = ESPEAK_VOICES.find((v) => v.languages.includes(code));
  if (exact) return exact.identifier;
  if (PREFERRED[base]) return PREFERRED[base];
  const loose = ESPEAK_VOICES.find((v) => v.languages.includes(base));
  if (loose) return loose.identifier;
  throw new AppError('validation_error', `No eSpeak NG voice speaks language "${language}".`, {
    details: { fields: [{ loc: ['body', 'language'], msg: 'unsupported language' }] },
  });
}
