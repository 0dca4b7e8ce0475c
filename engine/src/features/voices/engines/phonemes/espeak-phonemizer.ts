/**
 * Text → IPA phonemes with eSpeak NG, per sentence, as Piper voices expect them: each clause
 * phonemized alone, its punctuation kept as a phoneme (", " after commas, colons and
 * semicolons; ".", "?" or "!" closing a sentence), words separated by spaces, and every
 * phoneme one Unicode code point after NFD decomposition (what Piper's phoneme_id_map keys
 * are). Kokoro uses the same stream through its own vocabulary (kokoro/kokoro-tokens.ts).
 *
 * Runs inside a worker thread only (eSpeak is synchronous WASM): see espeak-wasm.ts. Clause
 * IPA is cached per worker (clause-ipa-cache.ts): eSpeak in WASM costs ~0.01–0.03 ms per
 * character, about what a tiny model's inference does, so retakes skip it.
 */
import { AppError } from '../../../../errors.ts';
import { espeakRuntime, readCString, selectVoice } from '../espeak/espeak-wasm.ts';
import { ClauseIpaCache } from './clause-ipa-cache.ts';
import { splitSentences, type Terminator } from './sentence-clauses.ts';

/** ~4k clauses (~0.5 MB): a long chapter's worth, for retakes of any passage in it. */
const clauseCache = new ClauseIpaCache(4096);

export interface PhonemizeOptions {
  /** Reuse (and fill) the clause cache. Default true; the bench turns it off to time eSpeak. */
  cache?: boolean;
}

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
 * voice "gmw/en", "fr-fr" of "roa/fr"), falling back to the bare language ("fr-ca" → "fr"),
 * and returns the identifier it selected. Throws validation_error when nothing matches.
 */
export async function selectEspeakVoice(voice: string): Promise<string> {
  const { worker } = await espeakRuntime();
  const known = resolved.get(voice);
  if (known !== undefined && selectVoice(worker, known) === 0) return known;
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
    if (selectVoice(worker, candidate) === 0) {
      resolved.set(voice, candidate);
      return candidate;
    }
  }
  throw new AppError('validation_error', `eSpeak NG has no voice "${voice}" to phonemize with`, {
    details: { espeak_voice: voice },
  });
}

/** Phonemizes one clause's text (no punctuation handling) in the voice already selected. */
export async function clauseIpa(text: string): Promise<string> {
  const { module, worker } = await espeakRuntime();
  const result = worker.text_to_phonemes(text, 1);
  try {
    return cleanEspeakIpa(readCString(module, result));
  } finally {
    // The glue allocates every result and never frees it: a book would leak megabytes.
    module._free(module.getPointer(result));
  }
}

export async function phonemizeSentences(
  text: string,
  espeakVoice: string,
  options: PhonemizeOptions = {},
): Promise<PhonemizedSentence[]> {
  const voice = await selectEspeakVoice(espeakVoice);
  const cache = options.cache ?? true;
  const out: PhonemizedSentence[] = [];
  for (const sentence of splitSentences(text)) {
    const phonemes: string[] = [];
    for (const clause of sentence.clauses) {
      let ipa = cache ? clauseCache.get(voice, clause.text) : undefined;
      if (ipa === undefined) {
        ipa = await clauseIpa(clause.text);
        if (cache) clauseCache.set(voice, clause.text, ipa);
      }
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
