/**
 * Shorter wordings of a line that does not fit its slot even at 1.35× with the following
 * silence (docs/api/speech-translation.md, "Fitting a line"). The translation packs decode
 * greedily and offer no alternatives, so the wording is condensed by rules that drop what a
 * dubbing script drops first: asides in brackets, filler and hedge words, a discourse marker
 * opening a sentence, a word said twice. The fit stage also translates the condensed SOURCE
 * line, which often comes back shorter than the condensed translation. A candidate that keeps
 * less than half of the words is not offered: meaning comes before fit. Pure.
 */

/** Words and phrases dropped anywhere (whole words, any case), per language. */
const FILLERS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'actually',
    'basically',
    'really',
    'very',
    'just',
    'quite',
    'simply',
    'literally',
    'you know',
    'i mean',
    'kind of',
    'sort of',
    'um',
    'uh',
    'uhm',
    'er',
    'erm',
  ],
  de: [
    'eigentlich',
    'wirklich',
    'sehr',
    'einfach',
    'halt',
    'eben',
    'quasi',
    'sozusagen',
    'ähm',
    'äh',
  ],
  es: ['realmente', 'muy', 'simplemente', 'básicamente', 'literalmente', 'o sea', 'eh'],
  fr: ['vraiment', 'très', 'simplement', 'juste', 'en fait', 'littéralement', 'euh'],
  it: ['davvero', 'molto', 'semplicemente', 'proprio', 'praticamente', 'cioè', 'ehm'],
  pt: ['realmente', 'muito', 'simplesmente', 'basicamente', 'literalmente', 'né'],
  nl: ['eigenlijk', 'echt', 'heel', 'gewoon', 'zeg maar', 'eh', 'uh'],
  pl: ['naprawdę', 'bardzo', 'po prostu', 'właściwie', 'yyy'],
  ru: ['действительно', 'очень', 'просто', 'как бы', 'типа', 'ну'],
  tr: ['gerçekten', 'çok', 'sadece', 'aslında', 'yani'],
  cs: ['opravdu', 'velmi', 'prostě', 'vlastně'],
  hu: ['tényleg', 'nagyon', 'egyszerűen', 'tulajdonképpen'],
};

/** Discourse markers dropped where they open a sentence. */
const OPENERS: Readonly<Record<string, readonly string[]>> = {
  en: ['and', 'but', 'so', 'well', 'now', 'okay', 'ok', 'oh', 'right'],
  de: ['und', 'aber', 'also', 'nun', 'naja', 'tja', 'so'],
  es: ['y', 'pero', 'entonces', 'bueno', 'pues'],
  fr: ['et', 'mais', 'alors', 'donc', 'bon', 'eh bien'],
  it: ['e', 'ma', 'allora', 'quindi', 'dunque'],
  pt: ['e', 'mas', 'então', 'bem', 'pois'],
  nl: ['en', 'maar', 'dus', 'nou'],
  pl: ['i', 'ale', 'więc', 'no'],
  ru: ['и', 'но', 'так', 'ну'],
};

const MIN_WORD_SHARE = 0.5;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function wordCount(text: string): number {
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

function tidy(text: string): string {
  return text
    .replace(/\s+([,.;:!?…])/gu, '$1')
    .replace(/([,;:])(?=[,.;:!?…])/gu, '')
    .replace(/^[\s,;:]+/u, '')
    .replace(/\s{2,}/gu, ' ')
    .replace(
      /(^|[.!?…]\s+)(\p{Ll})/gu,
      (_m, lead: string, letter: string) => lead + letter.toUpperCase(),
    )
    .trim();
}

function withoutAsides(text: string): string {
  return text.replace(/\s*[([{][^)\]}]*[)\]}]/gu, '').replace(/\s*[—–]\s[^—–]*\s[—–]\s*/gu, ' ');
}

function withoutFillers(text: string, language: string): string {
  let out = text;
  for (const filler of FILLERS[language] ?? []) {
    const pattern = new RegExp(`(^|[\\s,])${escape(filler)}(?=[\\s,.!?;:…]|$),?`, 'giu');
    out = out.replace(pattern, '$1');
  }
  return out;
}

function withoutOpeners(text: string, language: string): string {
  let out = text;
  for (const opener of OPENERS[language] ?? []) {
    const pattern = new RegExp(`(^|[.!?…]\\s+)${escape(opener)}(?:,|\\s)+(?=\\p{L})`, 'giu');
    out = out.replace(pattern, '$1');
  }
  return out;
}

function withoutRepeats(text: string): string {
  return text.replace(/\b(\p{L}+)(\s+\1\b)+/giu, '$1');
}

/** The condensed line, or the line itself when nothing could be dropped. */
export function condense(text: string, language: string): string {
  const primary = language.toLowerCase().split('-')[0] ?? language;
  return tidy(
    withoutRepeats(withoutOpeners(withoutFillers(withoutAsides(text), primary), primary)),
  );
}

/**
 * Candidate wordings shorter than `text`, shortest last, each keeping at least half its words;
 * `extra` are other candidates (the condensed source's translation) judged the same way.
 */
export function shorterWordings(
  text: string,
  language: string,
  extra: readonly string[] = [],
): string[] {
  const words = wordCount(text);
  const candidates = [
    condense(text, language),
    ...extra.flatMap((e) => [e, condense(e, language)]),
  ];
  const seen = new Set<string>();
  return candidates
    .map((c) => c.trim())
    .filter((c) => {
      if (c === '' || seen.has(c) || c.length >= text.trim().length) return false;
      seen.add(c);
      return wordCount(c) >= Math.ceil(words * MIN_WORD_SHARE);
    })
    .sort((a, b) => b.length - a.length);
}
