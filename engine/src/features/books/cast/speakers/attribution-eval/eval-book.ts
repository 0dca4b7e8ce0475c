/**
 * Scoring the instant speaker pass against annotated quotations (scripts/eval/attribution.ts).
 *
 * A book is its paragraphs plus its annotated quotations, each placed in the paragraph where it
 * starts. A quotation is *attributed* when detectSpeakers gives its paragraph a character name,
 * and *correct* when that name matches the annotated speaker (each corpus supplies the matcher).
 * precision = correct / attributed; recall = correct / all annotated quotations.
 * A quotation whose annotated speaker is no name (a pronoun, "his mother") and that no
 * coreference chain resolves is *unverifiable*: an attribution there counts as wrong in the
 * precision, and is reported on its own as well.
 */
import { lexiconFor } from '../lexicon.ts';
import { sameSpeaker } from '../names.ts';
import { analyseParagraph, isMostlySpeech } from '../paragraph-analysis.ts';
import { detectSpeakersExplained, type AttributionSource } from '../speaker-detection.ts';

export interface EvalQuote {
  paragraph: number;
  /** The annotated speaker, or null when the annotation names nobody (a pronoun, a role). */
  gold: string | null;
  /** The annotation's own speaker id (LitBank coreference chain), when it has one. */
  chain?: string;
}

export interface EvalBook {
  corpus: string;
  name: string;
  language: string;
  paragraphs: string[];
  quotes: EvalQuote[];
  matches: (predicted: string, gold: string) => boolean;
}

export interface Score {
  quotes: number;
  attributed: number;
  correct: number;
  unverifiable: number;
  /** Quotations in paragraphs that are at least 60 percent speech: the most rule 6 may give. */
  eligible: number;
  /** attributed / correct per clause of rule 6 that gave the speaker. */
  bySource: Record<AttributionSource, { attributed: number; correct: number }>;
}

export const emptyScore = (): Score => ({
  quotes: 0,
  attributed: 0,
  correct: 0,
  unverifiable: 0,
  eligible: 0,
  bySource: {
    'reporting-clause': { attributed: 0, correct: 0 },
    colon: { attributed: 0, correct: 0 },
    continuation: { attributed: 0, correct: 0 },
    'turn-taking': { attributed: 0, correct: 0 },
  },
});

export function addScores(a: Score, b: Score): Score {
  const out = emptyScore();
  for (const s of [a, b]) {
    out.quotes += s.quotes;
    out.attributed += s.attributed;
    out.correct += s.correct;
    out.unverifiable += s.unverifiable;
    out.eligible += s.eligible;
    for (const [key, v] of Object.entries(s.bySource)) {
      const slot = out.bySource[key as AttributionSource];
      slot.attributed += v.attributed;
      slot.correct += v.correct;
    }
  }
  return out;
}

export const precision = (s: Score): number => (s.attributed === 0 ? 1 : s.correct / s.attributed);
export const recall = (s: Score): number => (s.quotes === 0 ? 0 : s.correct / s.quotes);
/** Recall over the quotations rule 6 may attribute at all (60 percent rule met). */
export const eligibleRecall = (s: Score): number => (s.eligible === 0 ? 0 : s.correct / s.eligible);

export interface Mistake {
  book: string;
  paragraph: string;
  predicted: string;
  gold: string | null;
  source: AttributionSource;
}

export function scoreBook(book: EvalBook, mistakes?: Mistake[]): Score {
  const ids = book.paragraphs.map((_, i) => `p${i}`);
  const { attributions, sources } = detectSpeakersExplained(
    book.paragraphs.map((text, i) => ({
      id: ids[i] as string,
      text,
      character_name: null,
      locked: false,
      speaker_cleared: false,
    })),
    { language: book.language },
  );
  const predictions = book.quotes.map((q) => attributions.get(ids[q.paragraph] as string));
  const lex = lexiconFor(book.language);
  const mostlySpeech = new Map<number, boolean>();
  const eligible = (paragraph: number): boolean => {
    let known = mostlySpeech.get(paragraph);
    if (known === undefined) {
      known = isMostlySpeech(analyseParagraph(book.paragraphs[paragraph] ?? '', lex));
      mostlySpeech.set(paragraph, known);
    }
    return known;
  };
  const chainNames = chainMapping(book, predictions);
  const score = emptyScore();
  book.quotes.forEach((quote, k) => {
    score.quotes++;
    if (eligible(quote.paragraph)) score.eligible++;
    const predicted = predictions[k];
    if (predicted === undefined) return;
    score.attributed++;
    const source = sources.get(ids[quote.paragraph] as string) ?? 'reporting-clause';
    score.bySource[source].attributed++;
    const byName = quote.gold !== null && book.matches(predicted, quote.gold);
    const byChain =
      quote.chain !== undefined && chainNames.get(quote.chain) === normaliseName(predicted);
    if (byName || byChain) {
      score.correct++;
      score.bySource[source].correct++;
      return;
    }
    if (quote.gold === null) score.unverifiable++;
    mistakes?.push({
      book: book.name,
      paragraph: book.paragraphs[quote.paragraph] ?? '',
      predicted,
      gold: quote.gold,
      source,
    });
  });
  return score;
}

/**
 * For corpora whose speakers are coreference chains (LitBank), the chain id says which quotes
 * share a speaker even where the chain's label is no name ("young_American-12") or another
 * form of it ("Caroline_Meeber" for "Carrie"). Each chain is paired with at most one predicted
 * name and each name with one chain, greedily by how many of the chain's quotes carry the name
 * (two at least); a name that matches another chain's label is never paired.
 */
function chainMapping(book: EvalBook, predictions: (string | undefined)[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  const labels = new Map<string, string | null>();
  book.quotes.forEach((quote, k) => {
    const predicted = predictions[k];
    if (quote.chain === undefined) return;
    labels.set(quote.chain, quote.gold);
    if (predicted === undefined) return;
    const perChain = counts.get(quote.chain) ?? new Map<string, number>();
    const key = normaliseName(predicted);
    perChain.set(key, (perChain.get(key) ?? 0) + 1);
    counts.set(quote.chain, perChain);
  });
  const candidates = [...counts].flatMap(([chain, names]) =>
    [...names].map(([name, n]) => ({ chain, name, n })),
  );
  candidates.sort(
    (a, b) => b.n - a.n || a.chain.localeCompare(b.chain) || a.name.localeCompare(b.name),
  );
  const mapping = new Map<string, string>();
  const usedNames = new Set<string>();
  for (const { chain, name, n } of candidates) {
    if (n < 2 || mapping.has(chain) || usedNames.has(name)) continue;
    const matchesOther = [...labels].some(
      ([other, label]) => other !== chain && label !== null && book.matches(name, label),
    );
    if (matchesOther) continue;
    mapping.set(chain, name);
    usedNames.add(name);
  }
  return mapping;
}

/** Lower case, punctuation and underscores to spaces, a leading article dropped. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(the|le|la|les|il|lo|der|die|das) /u, '');
}

/**
 * Name matching shared by the corpora: equal once normalised, else the same speaker by the
 * pass's own rules (titles must agree; "Holmes" matches "Mr Sherlock Holmes").
 */
export function namesMatch(predicted: string, gold: string, language: string): boolean {
  const p = normaliseName(predicted);
  const g = normaliseName(gold);
  if (p === g) return true;
  return sameSpeaker(p, g, lexiconFor(language));
}

/** Offsets of paragraph starts → the paragraph holding an offset (binary search). */
export function paragraphAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Splits on blank lines (or on every line break when `lines`), keeping start offsets. */
export function splitParagraphs(
  text: string,
  separator: RegExp,
): { starts: number[]; paragraphs: string[] } {
  const starts: number[] = [];
  const paragraphs: string[] = [];
  let from = 0;
  const push = (end: number) => {
    const raw = text.slice(from, end);
    const body = raw.replace(/\s+/g, ' ').trim();
    if (body.length > 0) {
      starts.push(from);
      paragraphs.push(body);
    }
  };
  for (const m of text.matchAll(new RegExp(separator.source, 'g'))) {
    push(m.index);
    from = m.index + m[0].length;
  }
  push(text.length);
  return { starts, paragraphs };
}
