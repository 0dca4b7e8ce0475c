/**
 * Diagnostic for the attribution eval: every verifiable quotation the context pass misses or gets
 * wrong, put in a category by what its paragraph offers (its own reporting clause and its kind,
 * none in a dialogue run, none in narration), with counts per category. Only the eval's `dev`
 * part is read (eval/splits.ts): the held-out part is never looked at for rules. Only
 * quotations the eval can verify are read (annotated with a name, or on a LitBank chain the eval's
 * chain mapping pairs with a predicted name), and a prediction is judged as the eval judges it:
 * by name, or by the chain mapping ("John Linden" on the chain "Uncle-1").
 * Usage: tsx scripts/eval/attribution-misses.ts <corpus> [category] [max examples]
 */
import {
  asDetection,
  chainMapping,
} from '../../engine/src/libraries/speaker-attribution/eval/eval-book.ts';
import { normaliseName } from '../../engine/src/libraries/speaker-attribution/eval/eval-text.ts';
import { readCast } from '../../engine/src/libraries/speaker-attribution/context-pass.ts';
import { lexiconFor } from '../../engine/src/libraries/speaker-attribution/lexicon.ts';
import { readParagraph } from '../../engine/src/libraries/speaker-attribution/utterances.ts';
import { quoteParts } from '../../engine/src/libraries/speaker-attribution/eval/splits.ts';
import { loadAttributionCorpora } from './attribution.ts';

const [corpus = 'litbank', wanted, maxArg] = process.argv.slice(2);
const max = Number(maxArg ?? 15);
const dataDir = process.env.TAPEHOUSE_DATA_DIR ?? '/work/shared/data';
const books = loadAttributionCorpora(dataDir).get(corpus) ?? [];
const counts = new Map<string, number>();
const examples = new Map<string, string[]>();

books.forEach((book) => {
  const parts = quoteParts(book);
  const lex = lexiconFor(book.language);
  const reading = readCast(asDetection(book), { language: book.language });
  const castNames = reading.characters.map((c) => c.name);
  const lines = book.quotes.map((q) =>
    reading.paragraphs[q.paragraph]?.lines.find((l) => q.offset < l.end),
  );
  const chains = chainMapping(
    book,
    lines.map((l) => (l?.kind === 'dialogue' ? (l.speaker ?? undefined) : undefined)),
  );
  /** The eval's verdict: the annotated name, or the name the chain mapping pairs with its chain. */
  const fits = (name: string, gold: string | null, chain: string | undefined) =>
    (gold !== null && book.matches(name, gold)) ||
    (chain !== undefined && chains.get(chain) === normaliseName(name));
  book.quotes.forEach((q, k) => {
    if (parts[k] !== 'dev') return;
    const chained = q.chain === undefined ? undefined : chains.get(q.chain);
    if (q.gold === null && chained === undefined) return;
    const line = lines[k];
    const predicted = line?.kind === 'dialogue' ? line.speaker : null;
    if (predicted !== null && fits(predicted, q.gold, q.chain)) return;
    const gold = q.gold ?? (chained as string);
    const text = book.paragraphs[q.paragraph] ?? '';
    const r = readParagraph(text, lex);
    const clue = r.quotes.find((c) => {
      const piece = r.pieces[c.piece];
      return piece !== undefined && q.offset < piece.end;
    });
    const mention = clue?.after ?? clue?.before ?? null;
    const inCast = castNames.some((n) => fits(n, q.gold, q.chain));
    const prev = book.paragraphs[q.paragraph - 1] ?? '';
    const prevReading = readParagraph(prev, lex);
    const mostly = r.speechWords >= 0.6 * r.totalWords;
    let category: string;
    if (predicted !== null) category = `wrong:${line?.via}`;
    else if (!inCast) {
      const words = gold
        .split(/\s+/)
        .filter((w) => !/^(Mr|Mrs|Miss|Dr|Lady|Sir|Lord|Captain|Madame|Monsieur|M)\.?$/.test(w));
      const all = book.paragraphs.join(' ');
      category = words.some((w) => all.includes(w)) ? 'gold-named-no-lines' : 'gold-never-named';
    } else if (mention !== null) {
      category =
        mention.kind === 'pronoun'
          ? `clause-pronoun${mention.firstPerson ? '-I' : ''}`
          : `clause-${mention.kind}`;
    } else if (!mostly) category = 'no-clause-in-narration';
    else if (prevReading.speechWords > 0) category = 'no-clause-after-speech';
    else category = 'no-clause-after-narration';
    counts.set(category, (counts.get(category) ?? 0) + 1);
    if (wanted === undefined || category.startsWith(wanted)) {
      const list = examples.get(category) ?? [];
      list.push(
        `[${book.name.slice(0, 20)} p${q.paragraph}] gold=${gold} pred=${predicted ?? '-'} mention=${JSON.stringify(mention)}\n   PREV: ${prev.slice(-200)}\n   PARA: ${text.slice(0, 300)}`,
      );
      examples.set(category, list);
    }
  });
});
for (const [cat, n] of [...counts].sort((a, b) => b[1] - a[1])) {
  console.log(`${cat.padEnd(28)} dev ${String(n).padStart(4)}`);
}
if (wanted !== undefined) {
  for (const [cat, list] of examples) {
    console.log(`\n### ${cat} (${list.length})`);
    for (const e of list.slice(0, max)) console.log(e);
  }
}
