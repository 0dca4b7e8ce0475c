/**
 * Scoring the speaker passes against annotated quotations (scripts/eval/attribution.ts).
 *
 * A book is its paragraphs plus its annotated quotations, each placed where it starts (paragraph
 * and offset). Two passes are scored:
 * - `instant`: detectSpeakers (rule 6), per paragraph: a quotation is attributed when its
 *   paragraph gets a name (at least 60 percent speech);
 * - `context`: readCast (rule 8 with the rule 10 split), per line: a quotation is attributed when
 *   the dialogue line holding its first character gets a name.
 * A quotation is *correct* when the name matches the annotated speaker (each corpus supplies the
 * matcher). A quotation whose annotation names nobody (a pronoun, "his mother") and that no
 * coreference chain ties to a name is *unverifiable*: neither right nor wrong can be told.
 *
 * precision = correct / attributed verifiable quotations;
 * recall = correct / verifiable quotations; recall (all) = correct / all quotations.
 * Unverifiable attributions are counted on their own (column unverif).
 */
import { lexiconFor } from '../lexicon.ts';
import { readCast, type CastLine, type ParagraphCast } from '../context-pass.ts';
import { analyseParagraph, isMostlySpeech } from '../paragraph-analysis.ts';
import { detectSpeakersExplained } from '../speaker-detection.ts';
import { normaliseName } from './eval-text.ts';

export {
  namesMatch,
  normaliseName,
  paragraphAt,
  splitParagraphs,
  type Located,
} from './eval-text.ts';

export interface EvalQuote {
  paragraph: number;
  /** Where the quotation starts in its paragraph's text (UTF-16), for line-level scoring. */
  offset: number;
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

/**
 * `narrator`: the context pass again, with the lines it reads in the first-person narrator's
 * voice scored as a speaker (NARRATOR_LABEL); `context` leaves them unattributed.
 */
export type Pass = 'instant' | 'context' | 'narrator';

export interface Score {
  quotes: number;
  /** Quotations whose annotated speaker can be checked (a name, or a chain tied to one). */
  verifiable: number;
  attributed: number;
  /** Attributions on verifiable quotations: the precision's denominator. */
  attributedVerifiable: number;
  correct: number;
  /** Attributions on quotations that cannot be checked. */
  unverifiable: number;
  /** Quotations in paragraphs that are at least 60 percent speech: the most rule 6 may give. */
  eligible: number;
  /** attributed / correct per rule or clue that gave the speaker. */
  bySource: Record<string, { attributed: number; correct: number }>;
}

export const emptyScore = (): Score => ({
  quotes: 0,
  verifiable: 0,
  attributed: 0,
  attributedVerifiable: 0,
  correct: 0,
  unverifiable: 0,
  eligible: 0,
  bySource: {},
});

export function addScores(a: Score, b: Score): Score {
  const out = emptyScore();
  for (const s of [a, b]) {
    out.quotes += s.quotes;
    out.verifiable += s.verifiable;
    out.attributed += s.attributed;
    out.attributedVerifiable += s.attributedVerifiable;
    out.correct += s.correct;
    out.unverifiable += s.unverifiable;
    out.eligible += s.eligible;
    for (const [key, v] of Object.entries(s.bySource)) {
      const slot = (out.bySource[key] ??= { attributed: 0, correct: 0 });
      slot.attributed += v.attributed;
      slot.correct += v.correct;
    }
  }
  return out;
}

export const precision = (s: Score): number =>
  s.attributedVerifiable === 0 ? 1 : s.correct / s.attributedVerifiable;
export const recall = (s: Score): number => (s.verifiable === 0 ? 0 : s.correct / s.verifiable);
export const recallAll = (s: Score): number => (s.quotes === 0 ? 0 : s.correct / s.quotes);
/** Recall over the quotations rule 6 may attribute at all (60 percent rule met). */
export const eligibleRecall = (s: Score): number => (s.eligible === 0 ? 0 : s.correct / s.eligible);

export interface Mistake {
  book: string;
  paragraph: string;
  predicted: string;
  gold: string | null;
  source: string;
}

export interface Predictions {
  names: (string | undefined)[];
  sources: (string | undefined)[];
}

/** An eval book's paragraphs as the speaker passes take them (nothing locked or assigned). */
export const asDetection = (book: EvalBook) =>
  book.paragraphs.map((text, i) => ({
    id: `p${i}`,
    text,
    character_name: null,
    locked: false,
    speaker_cleared: false,
  }));

function predictInstant(book: EvalBook): Predictions {
  const { attributions, sources } = detectSpeakersExplained(asDetection(book), {
    language: book.language,
  });
  return {
    names: book.quotes.map((q) => attributions.get(`p${q.paragraph}`)),
    sources: book.quotes.map((q) => sources.get(`p${q.paragraph}`)),
  };
}

/** The line holding `offset`, or the first line after it (an offset between two lines). */
function lineAt(paragraph: ParagraphCast | undefined, offset: number) {
  return paragraph?.lines.find((line) => offset < line.end);
}

/**
 * What the context pass says of a line read in the first-person narrator's voice ("“…,” I
 * said"): such a line is dialogue with a clue (`via`) but no speaker's name (context-pass.ts
 * gives the narrator no name). The `narrator` pass scores it as a speaker of its own: LitBank's
 * chain mapping pairs it with the chain that holds most of its lines (the narrator's,
 * "Watson-3"), so it is correct there and wrong on another chain; it matches no annotated name.
 */
export const NARRATOR_LABEL = '(narrator)';

function predictedName(line: CastLine | undefined, narrator: boolean): string | undefined {
  if (line?.kind !== 'dialogue') return undefined;
  if (line.speaker !== null) return line.speaker;
  return narrator && line.via !== null ? NARRATOR_LABEL : undefined;
}

function predictContext(book: EvalBook): { context: Predictions; narrator: Predictions } {
  const reading = readCast(asDetection(book), { language: book.language });
  const lines = book.quotes.map((q) => lineAt(reading.paragraphs[q.paragraph], q.offset));
  const sources = lines.map((l) => l?.via ?? undefined);
  return {
    context: { names: lines.map((l) => predictedName(l, false)), sources },
    narrator: { names: lines.map((l) => predictedName(l, true)), sources },
  };
}

/** Every pass's predictions for one book (the context pass is read once for two passes). */
export function predictBook(book: EvalBook): Record<Pass, Predictions> {
  return { instant: predictInstant(book), ...predictContext(book) };
}

export function scoreBook(book: EvalBook, pass: Pass = 'instant', mistakes?: Mistake[]): Score {
  const predictions = pass === 'instant' ? predictInstant(book) : predictContext(book)[pass];
  return scorePredictions(book, predictions, () => true, mistakes);
}

/**
 * Scores the quotations `include` keeps (by their index in `book.quotes`). The chain mapping is
 * made over the whole book, whichever quotations are scored.
 */
export function scorePredictions(
  book: EvalBook,
  { names, sources }: Predictions,
  include: (quote: number) => boolean,
  mistakes?: Mistake[],
): Score {
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
  const chainNames = chainMapping(book, names);
  const score = emptyScore();
  book.quotes.forEach((quote, k) => {
    if (!include(k)) return;
    score.quotes++;
    if (eligible(quote.paragraph)) score.eligible++;
    const chained = quote.chain === undefined ? undefined : chainNames.get(quote.chain);
    const verifiable = quote.gold !== null || chained !== undefined;
    if (verifiable) score.verifiable++;
    const predicted = names[k];
    if (predicted === undefined) return;
    score.attributed++;
    if (!verifiable) {
      score.unverifiable++;
      return;
    }
    score.attributedVerifiable++;
    const source = sources[k] ?? 'unknown';
    const slot = (score.bySource[source] ??= { attributed: 0, correct: 0 });
    slot.attributed++;
    const byName =
      quote.gold !== null && predicted !== NARRATOR_LABEL && book.matches(predicted, quote.gold);
    const byChain = chained !== undefined && chained === normaliseName(predicted);
    if (byName || byChain) {
      score.correct++;
      slot.correct++;
      return;
    }
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
export function chainMapping(
  book: EvalBook,
  predictions: (string | undefined)[],
): Map<string, string> {
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
