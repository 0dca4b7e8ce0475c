/**
 * fr-litbank quotations (brat standoff): `Citation` spans (code-point offsets, possibly
 * discontinuous `a b;c d`), `Entite` mentions, and `Source Arg1:<Entite> Arg2:<Citation>`
 * relations naming who speaks. The text has one paragraph per line.
 *
 * Gold speaker: the text of the Source mention. It is a name when every word is capitalised
 * (titles such as "M." or "Mlle" included) and it is no pronoun; otherwise ("il", "elle",
 * "le prêtre") it is unverifiable. Citations without a Source are left out. Matching is
 * namesMatch (eval-book.ts) with the French word lists.
 */
import { lexiconFor } from '../lexicon.ts';
import { namesMatch, splitParagraphs, type EvalBook } from './eval-book.ts';
import { codePointOffsets } from './formats.ts';

const FR = lexiconFor('fr-FR');

export function loadFrLitbankBook(args: { name: string; text: string; ann: string }): EvalBook {
  const { paragraphs, locate } = splitParagraphs(args.text, /\n+/);
  const toUtf16 = codePointOffsets(args.text);
  const spans = new Map<string, { type: string; start: number; text: string }>();
  const sourceOf = new Map<string, string>();
  for (const row of args.ann.split('\n')) {
    const cells = row.split('\t');
    const id = cells[0] ?? '';
    const head = (cells[1] ?? '').split(' ');
    if (id.startsWith('T')) {
      spans.set(id, { type: head[0] ?? '', start: Number(head[1]), text: (cells[2] ?? '').trim() });
    } else if (id.startsWith('R') && head[0] === 'Source') {
      const arg1 = head.find((h) => h.startsWith('Arg1:'))?.slice(5);
      const arg2 = head.find((h) => h.startsWith('Arg2:'))?.slice(5);
      if (arg1 !== undefined && arg2 !== undefined) sourceOf.set(arg2, arg1);
    }
  }
  const quotes = [...spans.entries()].flatMap(([id, span]) => {
    if (span.type !== 'Citation' || !Number.isFinite(span.start)) return [];
    const source = sourceOf.get(id);
    const mention = source === undefined ? undefined : spans.get(source);
    if (mention === undefined) return [];
    return [{ ...locate(toUtf16(span.start)), gold: goldName(mention.text) }];
  });
  return {
    corpus: 'fr-litbank',
    name: args.name,
    language: 'fr-FR',
    paragraphs,
    quotes,
    matches: (predicted, gold) => namesMatch(predicted, gold, 'fr-FR'),
  };
}

function goldName(mention: string): string | null {
  const words = mention.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return null;
  const proper = words.every((w, k) => {
    const lower = w.toLowerCase();
    if (k > 0 && FR.nameParticles.has(lower)) return true;
    return /^\p{Lu}/u.test(w) && !FR.pronouns.has(lower) && !FR.articles.has(lower);
  });
  return proper ? mention : null;
}
