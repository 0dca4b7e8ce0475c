/**
 * Text → IPA phonemes with eSpeak NG, per sentence, as Piper voices expect them: each clause
 * phonemized alone, its punctuation kept as a phoneme (", " after commas, colons and
 * semicolons; ".", "?" or "!" closing a sentence), words separated by spaces, and every
 * phoneme one Unicode code point after NFD decomposition (what Piper's phoneme_id_map keys
 * are). Kokoro uses the same stream through its own vocabulary (kokoro/kokoro-tokens.ts).
 *
 * Runs inside a worker thread only (eSpeak is synchronous WASM): see espeak-wasm.ts.
 */
import { AppError } from '../../../../errors.ts';
import { espeakRuntime, readCString } from '../espeak/espeak-wasm.ts';
import { splitSentences, type Terminator } from './sentence-clauses.ts';

export interface PhonemizedSentence {
  textOffset: number;
  textLength: number;
  /** One entry per code point, punctuation and spaces included. */
  phonemes: string[];
}

/** Cleans eSpeak's IPA text: phoneme separators, clause bars and language-switch flags. */
export function cleanEspeakIpa(raw: string): string {
  return raw
    .replace(/\([a-z]{2,3}(?:-[a-z0-9]+)*\)/gi, '') // "(en)" / "(fr)" when eSpeak switches language
    .replace(/\s*\|\s*/g, ' ')
    .replace(/_/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFD');
}

/** What follows a clause's phonemes (Piper's eSpeak bridge adds a space after , : ;). */
export function terminatorPhonemes(terminator: Terminator): string[] {
  switch (terminator) {
    case ',':
    case ':':
    case ';':
      return [terminator, ' '];
    case '':
      return [];
    default:
      return [terminator];
  }
}

const resolved = new Map<string, string>();

/**
 * Selects an eSpeak voice by name ("en-us", "de") or by language ("en-gb" is the language of
 * voice "gmw/en", "fr-fr" of "roa/fr"), falling back to the bare language ("fr-ca" → "fr").
 * Throws validation_error when nothing matches.
 */
export async function selectEspeakVoice(voice: string): Promise<void> {
  const { worker } = await espeakRuntime();
  const known = resolved.get(voice);
  if (known !== undefined && worker.set_voice(known) === 0) return;
  const wanted = voice.toLowerCase();
  const candidates = [voice];
  const byLanguage = (lang: string): string[] =>
    worker
      .list_voices()
      .flatMap((v) =>
        v.languages.filter((l) => l.name.toLowerCase() === lang).map((l) => ({ v, p: l.priority })),
      )
      .sort((a, b) => a.p - b.p)
      .map(({ v }) => v.identifier);
  candidates.push(...byLanguage(wanted));
  const bare = wanted.split(/[-_]/)[0] ?? wanted;
  if (bare !== wanted) candidates.push(bare, ...byLanguage(bare));
  for (const candidate of candidates) {
    if (worker.set_voice(candidate) === 0) {
      resolved.set(voice, candidate);
      return;
    }
  }
  throw new AppError('validation_error', `eSpeak NG has no voice "${voice}" to phonemize with`, {
    details: { espeak_voice: voice },
  });
}

/** Phonemizes one clause's text (no punctuation handling). */
export async function clauseIpa(text: string): Promise<string> {
  const { module, worker } = await espeakRuntime();
  return cleanEspeakIpa(readCString(module, worker.text_to_phonemes(text, 1)));
}

export async function phonemizeSentences(
  text: string,
  espeakVoice: string,
): Promise<PhonemizedSentence[]> {
  await selectEspeakVoice(espeakVoice);
  const out: PhonemizedSentence[] = [];
  for (const sentence of splitSentences(text)) {
    const phonemes: string[] = [];
    for (const clause of sentence.clauses) {
      const ipa = await clauseIpa(clause.text);
      if (ipa.length === 0) continue;
      if (phonemes.length > 0 && phonemes[phonemes.length - 1] !== ' ') phonemes.push(' ');
      phonemes.push(...Array.from(ipa), ...terminatorPhonemes(clause.terminator));
    }
    while (phonemes[phonemes.length - 1] === ' ') phonemes.pop();
    if (phonemes.length === 0) continue;
    out.push({ textOffset: sentence.textOffset, textLength: sentence.textLength, phonemes });
  }
  return out;
}
