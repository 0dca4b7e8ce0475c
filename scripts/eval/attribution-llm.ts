/**
 * `npm run eval -- attribution --llm`: the model pass of speaker attribution
 * (libraries/speaker-attribution/model-lines.ts, with what is kept per line decided by
 * model-verdicts.ts) scored on the same annotated corpora and the same two parts as the rules
 * (attribution.ts; dev and held-out, held-out as totals only), beside the rules' context pass on
 * the same quotations. The model is the engine's own (docs/api/language-model.md): an installed
 * language-model pack, TAPEHOUSE_LLM_GGUF or TAPEHOUSE_LLM_URL, exactly as the studio would use
 * it. Without one it says so loudly and scores nothing. A CPU model reads a novel in tens of
 * minutes: each book's time is printed as it finishes.
 */
import { loadConfig } from '../../engine/src/config.ts';
import { createLanguage } from '../../engine/src/features/language/index.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import {
  attributeLinesWithModel,
  mergeVerdicts,
  readCast,
  type CastReading,
  type LineVerdict,
} from '../../engine/src/libraries/speaker-attribution/index.ts';
import {
  addScores,
  asDetection,
  emptyScore,
  precision,
  predictBook,
  recall,
  scorePredictions,
  type EvalBook,
  type Predictions,
  type Score,
} from '../../engine/src/libraries/speaker-attribution/eval/eval-book.ts';
import {
  quoteParts,
  type EvalPart,
} from '../../engine/src/libraries/speaker-attribution/eval/splits.ts';
import { loadAttributionCorpora } from './attribution.ts';

type Scores = Record<EvalPart, { rules: Score; model: Score }>;

const PARTS: readonly EvalPart[] = ['dev', 'held-out'];

function emptyScores(): Scores {
  return {
    dev: { rules: emptyScore(), model: emptyScore() },
    'held-out': { rules: emptyScore(), model: emptyScore() },
  };
}

/** The kept speaker of each quotation: the model pass's verdict, else the rules' line. */
function modelPredictions(
  book: EvalBook,
  reading: CastReading,
  verdicts: LineVerdict[],
): Predictions {
  const byLine = new Map(verdicts.map((v) => [`${v.paragraph}:${v.line}`, v]));
  const names: (string | undefined)[] = [];
  const sources: (string | undefined)[] = [];
  for (const quote of book.quotes) {
    const lines = reading.paragraphs[quote.paragraph]?.lines ?? [];
    const index = lines.findIndex((line) => quote.offset < line.end);
    const line = lines[index];
    const verdict = byLine.get(`${quote.paragraph}:${index}`);
    if (verdict) {
      names.push(verdict.speaker ?? undefined);
      sources.push(`model:${verdict.source}`);
    } else {
      names.push(line?.kind === 'dialogue' ? (line.speaker ?? undefined) : undefined);
      sources.push(line?.via ?? undefined);
    }
  }
  return { names, sources };
}

const pct = (x: number) => x.toFixed(3);
const pr = (s: Score) =>
  `${pct(precision(s))} / ${pct(recall(s))} (${s.correct}/${s.attributedVerifiable} of ${s.verifiable})`;

export async function runAttributionLlmEval(dataDir: string): Promise<void> {
  const config = loadConfig();
  const language = createLanguage({
    config,
    models: new ModelRegistry(config),
    log: (line) => console.error(line),
    modelManager: { registerConfigured: () => undefined },
  });
  const model = language.model;
  if (!model.available()) {
    console.warn(
      '\n[SKIPPING the model pass] no language model is set up: install a language-model pack ' +
        '(npm run models -- install qwen3-4b-instruct-2507-q4km), or set TAPEHOUSE_LLM_GGUF to a ' +
        'GGUF file or TAPEHOUSE_LLM_URL to a chat server. Nothing was measured.\n',
    );
    return;
  }
  console.log(`model: ${model.label() ?? '?'} (${model.source() ?? '?'})`);
  console.log('precision / recall (correct/attributed of verifiable), rules vs rules + model\n');
  try {
    for (const [corpus, books] of loadAttributionCorpora(dataDir)) {
      if (books.length === 0) {
        console.log(`== ${corpus}: no annotated books found`);
        continue;
      }
      const totals = emptyScores();
      for (const book of books) {
        const started = performance.now();
        const reading = readCast(asDetection(book), { language: book.language });
        const pass = await attributeLinesWithModel({
          texts: book.paragraphs,
          chapters: book.paragraphs.map(() => null),
          reading,
          language: book.language,
          model,
        });
        const withModel = modelPredictions(book, reading, mergeVerdicts(reading, pass.lines));
        const rules = predictBook(book).context;
        const parts = quoteParts(book);
        for (const part of PARTS) {
          const keep = (k: number) => parts[k] === part;
          totals[part].rules = addScores(totals[part].rules, scorePredictions(book, rules, keep));
          totals[part].model = addScores(
            totals[part].model,
            scorePredictions(book, withModel, keep),
          );
        }
        console.log(
          `  ${corpus} ${parts.includes('dev') ? book.name : '(held-out book)'}: ${pass.windows} passages, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
      console.log(`== ${corpus} (${books.length} books)`);
      for (const part of PARTS) {
        console.log(
          `  ${part.padEnd(9)} rules ${pr(totals[part].rules)} | with model ${pr(totals[part].model)}`,
        );
      }
    }
  } finally {
    await model.unload();
  }
}
