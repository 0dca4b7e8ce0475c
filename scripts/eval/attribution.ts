/**
 * Attribution eval: precision and recall of the two speaker passes on annotated quotations under
 * `<dataDir>/books/dialogue_annotations`:
 * - pdnc/<Novel>/{novel_text.txt, quotation_info.csv, character_info.csv}
 * - litbank/quotations/tsv/<book>_brat.{txt,ann}
 * - fr-litbank/brat/citations/<book>.{txt,ann}
 * The passes: `instant` (detectSpeakers, rule 6, per paragraph) and `context` (readCast, rule 8
 * with the rule 10 split into lines, per line). How each corpus is cut into paragraphs, how names
 * are matched and how precision and recall are counted is documented in
 * engine/src/libraries/speaker-attribution/eval/*.ts.
 *
 * Two parts, reported every time (engine/src/libraries/speaker-attribution/eval/splits.ts): `dev`,
 * which rules may be tuned on, and `held-out`, set aside before the issue 28 tuning (whole
 * LitBank and fr-litbank books, whole PDNC chapters, by hash). Targets (context pass): precision
 * ≥ 0.90 on every corpus and both parts; on held-out, recall ≥ 0.60 (PDNC), ≥ 0.45 (LitBank),
 * ≥ 0.60 (fr-litbank).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  addScores,
  emptyScore,
  precision,
  predictBook,
  recall,
  recallAll,
  scorePredictions,
  type EvalBook,
  type Mistake,
  type Pass,
  type Score,
} from '../../engine/src/libraries/speaker-attribution/eval/eval-book.ts';
import {
  quoteParts,
  type EvalPart,
} from '../../engine/src/libraries/speaker-attribution/eval/splits.ts';
import { loadFrLitbankBook } from '../../engine/src/libraries/speaker-attribution/eval/fr-litbank.ts';
import { loadLitbankBook } from '../../engine/src/libraries/speaker-attribution/eval/litbank.ts';
import { loadPdncBook } from '../../engine/src/libraries/speaker-attribution/eval/pdnc.ts';

type PassScores = Record<Pass, Score>;

export interface BookResult {
  name: string;
  /** The book's quotations in each part (a PDNC novel has both; other books one). */
  parts: Record<EvalPart, PassScores>;
  all: PassScores;
}

export interface CorpusResult {
  corpus: string;
  books: BookResult[];
  total: PassScores;
  dev: PassScores;
  heldOut: PassScores;
}

const PASSES: readonly Pass[] = ['instant', 'context', 'narrator'];

const read = (file: string) => fs.readFileSync(file, 'utf8');
const exists = (file: string) => fs.existsSync(file);

function pdncBooks(root: string): EvalBook[] {
  if (!exists(root)) return [];
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(root, d.name))
    .filter((dir) =>
      ['novel_text.txt', 'quotation_info.csv', 'character_info.csv'].every((f) =>
        exists(path.join(dir, f)),
      ),
    )
    .sort()
    .map((dir) =>
      loadPdncBook({
        name: path.basename(dir),
        novelText: read(path.join(dir, 'novel_text.txt')),
        quotationCsv: read(path.join(dir, 'quotation_info.csv')),
        characterCsv: read(path.join(dir, 'character_info.csv')),
      }),
    );
}

/** Pairs `<stem>.txt` with `<stem>.ann` in one folder. */
function bratPairs(dir: string): { stem: string; txt: string; ann: string }[] {
  if (!exists(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ann') && exists(path.join(dir, f.replace(/\.ann$/, '.txt'))))
    .sort()
    .map((f) => ({
      stem: f.replace(/\.ann$/, ''),
      ann: read(path.join(dir, f)),
      txt: read(path.join(dir, f.replace(/\.ann$/, '.txt'))),
    }));
}

/** Loads every book of the three corpora found under `<dataDir>/books/dialogue_annotations`. */
export function loadAttributionCorpora(dataDir: string): Map<string, EvalBook[]> {
  const base = path.join(dataDir, 'books', 'dialogue_annotations');
  return new Map([
    ['pdnc', pdncBooks(path.join(base, 'pdnc'))],
    [
      'litbank',
      bratPairs(path.join(base, 'litbank', 'quotations', 'tsv')).map((p) =>
        loadLitbankBook({ name: p.stem, sentences: p.txt, ann: p.ann }),
      ),
    ],
    [
      'fr-litbank',
      bratPairs(path.join(base, 'fr-litbank', 'brat', 'citations')).map((p) =>
        loadFrLitbankBook({ name: p.stem, text: p.txt, ann: p.ann }),
      ),
    ],
  ]);
}

const sum = (scores: Score[]) => scores.reduce(addScores, emptyScore());

function scoreParts(book: EvalBook, mistakes?: Partial<Record<Pass, Mistake[]>>): BookResult {
  const predictions = predictBook(book);
  const parts = quoteParts(book);
  const passScores = (keep: (k: number) => boolean, record: boolean): PassScores =>
    Object.fromEntries(
      PASSES.map((pass) => [
        pass,
        scorePredictions(book, predictions[pass], keep, record ? mistakes?.[pass] : undefined),
      ]),
    ) as PassScores;
  return {
    name: book.name,
    parts: {
      // Mistakes are collected from the dev part only: the held-out part is never read for rules.
      dev: passScores((k) => parts[k] === 'dev', true),
      'held-out': passScores((k) => parts[k] === 'held-out', false),
    },
    all: passScores(() => true, false),
  };
}

export function evaluateAttribution(
  dataDir: string,
  mistakes?: Partial<Record<Pass, Mistake[]>>,
): CorpusResult[] {
  return [...loadAttributionCorpora(dataDir)].map(([corpus, books]) => {
    const results = books.map((book) => scoreParts(book, mistakes));
    const totals = (pick: (r: BookResult) => PassScores): PassScores =>
      Object.fromEntries(
        PASSES.map((pass) => [pass, sum(results.map((r) => pick(r)[pass]))]),
      ) as PassScores;
    return {
      corpus,
      books: results,
      total: totals((r) => r.all),
      dev: totals((r) => r.parts.dev),
      heldOut: totals((r) => r.parts['held-out']),
    };
  });
}

const pct = (x: number) => x.toFixed(3);

function row(label: string, instant: Score, context: Score): string {
  return [
    label.slice(0, 40).padEnd(40),
    String(context.quotes).padStart(6),
    String(context.verifiable).padStart(6),
    String(instant.attributed).padStart(6),
    pct(precision(instant)).padStart(6),
    pct(recall(instant)).padStart(6),
    ' |',
    String(context.attributed).padStart(6),
    String(context.unverifiable).padStart(6),
    pct(precision(context)).padStart(6),
    pct(recall(context)).padStart(6),
    pct(recallAll(context)).padStart(6),
  ].join(' ');
}

export async function runAttributionEval(dataDir: string): Promise<void> {
  const started = performance.now();
  const results = evaluateAttribution(dataDir);
  console.log(`${''.padEnd(40)}               | instant (rule 6)    | context (rule 8, per line)`);
  console.log(
    `${'book (dev part)'.padEnd(40)} quotes verif. attrib  prec.   rec. | attrib unver.  prec.   rec. rec.all`,
  );
  for (const { corpus, books, total, dev, heldOut } of results) {
    console.log(`\n== ${corpus} (${books.length} books)`);
    if (books.length === 0) {
      console.log('   no annotated books found');
      continue;
    }
    // Per book, the dev part only: the held-out part is read as totals, never book by book.
    for (const b of books) {
      const { instant, context } = b.parts.dev;
      if (context.quotes > 0) console.log(row(`  ${b.name}`, instant, context));
    }
    const hidden = books.filter((b) => b.parts.dev.context.quotes === 0).length;
    if (hidden > 0) console.log(`  (${hidden} held-out books not listed)`);
    console.log(row(`  TOTAL ${corpus}`, total.instant, total.context));
    console.log(row(`  dev part (tuned on)`, dev.instant, dev.context));
    console.log(row(`  held-out part`, heldOut.instant, heldOut.context));
    const parts = Object.entries(total.context.bySource)
      .sort((a, b) => b[1].attributed - a[1].attributed)
      .map(([source, v]) => `${source} ${v.correct}/${v.attributed}`);
    console.log(`  context pass by clue (correct/attributed): ${parts.join(', ')}`);
    const n = (label: string, score: Score) =>
      `${label} ${pct(precision(score))} / ${pct(recall(score))}`;
    console.log(
      `  with narrator lines scored (prec. / rec.): ${n('total', total.narrator)}, ${n('dev', dev.narrator)}, ${n('held-out', heldOut.narrator)}`,
    );
  }
  console.log(
    '\nverif. = quotations whose annotated speaker is a name (or a LitBank chain tied to one);',
  );
  console.log('prec. = correct / attributed verifiable; rec. = correct / verifiable;');
  console.log('rec.all = correct / all quotations; unver. = attributed but not verifiable.');
  console.log(
    'with narrator lines scored: the context pass, counting the lines it reads in the first-person',
  );
  console.log("narrator's voice (“…,” I said) as attributed to the narrator (eval-book.ts).");
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
