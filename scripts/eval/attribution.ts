/**
 * Attribution eval: precision and recall of the instant speaker pass (detectSpeakers, spec
 * "Character voices (cast)" rule 6) on annotated quotations under
 * `<dataDir>/books/dialogue_annotations`:
 * - pdnc/<Novel>/{novel_text.txt, quotation_info.csv, character_info.csv}
 * - litbank/quotations/tsv/<book>_brat.{txt,ann}
 * - fr-litbank/brat/citations/<book>.{txt,ann}
 * How each corpus is cut into paragraphs and how names are matched is documented in
 * engine/src/features/books/cast/speakers/attribution-eval/*.ts. Target: precision ≥ 0.90 on PDNC and
 * on LitBank (the real-data test checks it).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  addScores,
  eligibleRecall,
  emptyScore,
  precision,
  recall,
  scoreBook,
  type EvalBook,
  type Mistake,
  type Score,
} from '../../engine/src/features/books/cast/speakers/attribution-eval/eval-book.ts';
import { loadFrLitbankBook } from '../../engine/src/features/books/cast/speakers/attribution-eval/fr-litbank.ts';
import { loadLitbankBook } from '../../engine/src/features/books/cast/speakers/attribution-eval/litbank.ts';
import { loadPdncBook } from '../../engine/src/features/books/cast/speakers/attribution-eval/pdnc.ts';

export interface BookResult {
  name: string;
  score: Score;
}

export interface CorpusResult {
  corpus: string;
  books: BookResult[];
  total: Score;
}

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

export function evaluateAttribution(dataDir: string, mistakes?: Mistake[]): CorpusResult[] {
  return [...loadAttributionCorpora(dataDir)].map(([corpus, books]) => {
    const results = books.map((book) => ({ name: book.name, score: scoreBook(book, mistakes) }));
    const total = results.reduce((acc, r) => addScores(acc, r.score), emptyScore());
    return { corpus, books: results, total };
  });
}

const pct = (x: number) => x.toFixed(3);

function line(label: string, s: Score): string {
  return [
    label.slice(0, 44).padEnd(44),
    String(s.quotes).padStart(6),
    String(s.attributed).padStart(6),
    String(s.correct).padStart(6),
    String(s.unverifiable).padStart(6),
    pct(precision(s)).padStart(7),
    pct(recall(s)).padStart(7),
    String(s.eligible).padStart(6),
    pct(eligibleRecall(s)).padStart(7),
  ].join(' ');
}

export async function runAttributionEval(dataDir: string): Promise<void> {
  const started = performance.now();
  const results = evaluateAttribution(dataDir);
  console.log(`${'book'.padEnd(44)} quotes attrib correct unverif   prec  recall  elig. e.rec.`);
  for (const { corpus, books, total } of results) {
    console.log(`\n== ${corpus} (${books.length} books)`);
    if (books.length === 0) {
      console.log('   no annotated books found');
      continue;
    }
    for (const { name, score } of books) console.log(line(`  ${name}`, score));
    console.log(line(`  TOTAL ${corpus}`, total));
    const parts = Object.entries(total.bySource).map(
      ([source, v]) => `${source} ${v.correct}/${v.attributed}`,
    );
    console.log(`  by clause (correct/attributed): ${parts.join(', ')}`);
  }
  console.log('\nprecision = correct / attributed quotations; recall = correct / all quotations;');
  console.log(
    'elig. = quotations in paragraphs at least 60% speech (rule 6), e.rec. = correct / elig.',
  );
  console.log('unverif = attributed where the annotation names nobody (counted as wrong)');
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
