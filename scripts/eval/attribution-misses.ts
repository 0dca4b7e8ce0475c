/**
 * Diagnostic for the attribution eval: every verifiable quotation the context pass misses or gets
 * wrong, put in a category by what its paragraph offers (its own reporting clause and its kind,
 * none in a dialogue run, none in narration), with counts per category and per half. Only
 * quotations annotated with a name are read, and a prediction is judged by name alone (not by
 * LitBank's chain mapping, which the eval also uses): a `wrong:` count may hold a few that the
 * eval counts correct ("John Linden" on the chain "Uncle-1").
 * Usage: tsx scripts/eval/attribution-misses.ts <corpus> [category] [max examples]
 */
import { asDetection } from '../../engine/src/features/books/cast/speakers/attribution-eval/eval-book.ts';
import { readCast } from '../../engine/src/features/books/cast/speakers/context-pass.ts';
import { lexiconFor } from '../../engine/src/features/books/cast/speakers/lexicon.ts';
import { readParagraph } from '../../engine/src/features/books/cast/speakers/utterances.ts';
import { loadAttributionCorpora } from './attribution.ts';

const [corpus = 'litbank', wanted, maxArg] = process.argv.slice(2);
const max = Number(maxArg ?? 15);
const dataDir = process.env.TAPEHOUSE_DATA_DIR ?? '/work/shared/data';
const books = loadAttributionCorpora(dataDir).get(corpus) ?? [];
const counts = new Map<string, { tune: number; held: number }>();
const examples = new Map<string, string[]>();

books.forEach((book, bi) => {
  const half = bi % 2 === 0 ? 'tune' : 'held';
  const lex = lexiconFor(book.language);
  const reading = readCast(asDetection(book), { language: book.language });
  const castNames = reading.characters.map((c) => c.name);
  for (const q of book.quotes) {
    if (q.gold === null) continue;
    const para = reading.paragraphs[q.paragraph];
    const line = para?.lines.find((l) => q.offset < l.end);
    const predicted = line?.kind === 'dialogue' ? line.speaker : null;
    if (predicted !== null && book.matches(predicted, q.gold)) continue;
    const text = book.paragraphs[q.paragraph] ?? '';
    const r = readParagraph(text, lex);
    const clue = r.quotes.find((c) => {
      const piece = r.pieces[c.piece];
      return piece !== undefined && q.offset < piece.end;
    });
    const mention = clue?.after ?? clue?.before ?? null;
    const inCast = castNames.some((n) => book.matches(n, q.gold as string));
    const prev = book.paragraphs[q.paragraph - 1] ?? '';
    const prevReading = readParagraph(prev, lex);
    const mostly = r.speechWords >= 0.6 * r.totalWords;
    let category: string;
    if (predicted !== null) category = `wrong:${line?.via}`;
    else if (!inCast) {
      const words = (q.gold as string)
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
    const slot = counts.get(category) ?? { tune: 0, held: 0 };
    slot[half === 'tune' ? 'tune' : 'held']++;
    counts.set(category, slot);
    if (half === 'tune' && (wanted === undefined || category.startsWith(wanted))) {
      const list = examples.get(category) ?? [];
      list.push(
        `[${book.name.slice(0, 20)} p${q.paragraph}] gold=${q.gold} pred=${predicted ?? '-'} mention=${JSON.stringify(mention)}\n   PREV: ${prev.slice(-200)}\n   PARA: ${text.slice(0, 300)}`,
      );
      examples.set(category, list);
    }
  }
});
for (const [cat, { tune, held }] of [...counts].sort(
  (a, b) => b[1].tune + b[1].held - a[1].tune - a[1].held,
)) {
  console.log(
    `${cat.padEnd(28)} tune ${String(tune).padStart(4)} held ${String(held).padStart(4)}`,
  );
}
if (wanted !== undefined) {
  for (const [cat, list] of examples) {
    console.log(`\n### ${cat} (${list.length})`);
    for (const e of list.slice(0, max)) console.log(e);
  }
}
