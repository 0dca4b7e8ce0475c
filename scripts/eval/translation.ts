/**
 * `npm run eval -- translation`: chrF and BLEU (sacreBLEU's definitions, mt-metrics.ts) of every
 * language pair with a parallel test file in `<TAPEHOUSE_DATA_DIR>/translation/<src>-<tgt>.tsv`
 * (one `source<TAB>reference` pair a line), translated by the pack the engine would choose for
 * that pair (features/translation/mt-packs.ts) through the same task the worker pool runs. Says
 * loudly which packs are missing and which pairs have no test file; never prints a number it
 * did not measure.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../engine/src/config.ts';
import { isAppError } from '../../engine/src/errors.ts';
import {
  planTranslation,
  translationPacks,
} from '../../engine/src/features/translation/mt-packs.ts';
import { run as translateTask } from '../../engine/src/features/translation/translate-task.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { corpusBleu, corpusChrf } from './mt-metrics.ts';

function readPairs(file: string): { sources: string[]; refs: string[] } {
  const sources: string[] = [];
  const refs: string[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [s, r] = line.split('\t');
    if (s?.trim() && r?.trim()) {
      sources.push(s.trim());
      refs.push(r.trim());
    }
  }
  return { sources, refs };
}

export async function runTranslationEval(dataDir: string): Promise<void> {
  const config = loadConfig(process.env, {});
  const models = new ModelRegistry(config);
  const packs = translationPacks(models);
  const installed = packs.filter((p) => models.status(p.id).ready).map((p) => p.id);
  const missing = packs.filter((p) => !models.status(p.id).ready).map((p) => p.id);
  console.log(`translation: packs installed: ${installed.join(', ') || 'NONE'}`);
  if (missing.length > 0) console.log(`translation: packs MISSING: ${missing.join(', ')}`);
  const dir = path.join(dataDir, 'translation');
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => /^[a-z-]+-[a-z-]+\.tsv$/.test(f))
    : [];
  if (files.length === 0) {
    console.log(
      `translation: SKIPPED — no parallel test set in ${dir} (<src>-<tgt>.tsv, "source<TAB>reference" a line); no figures.`,
    );
    return;
  }
  for (const file of files.sort()) {
    const [source = '', target = ''] = file
      .replace(/\.tsv$/, '')
      .split(/-(?=[a-z]{2}(?:-[a-z]+)?$)/);
    const { sources, refs } = readPairs(path.join(dir, file));
    let plan;
    try {
      plan = planTranslation(models, source, target);
    } catch (error) {
      console.log(
        `  ${source}→${target}: SKIPPED — ${isAppError(error) ? error.message : String(error)}`,
      );
      continue;
    }
    const started = performance.now();
    let texts = sources;
    for (const step of plan.steps) {
      const out = await translateTask(
        {
          model: step.files,
          sentences: texts,
          sourceCode: step.sourceCode,
          targetCode: step.targetCode,
          targetToken: step.targetToken,
          executionProviders: config.executionProviders,
        },
        { signal: new AbortController().signal, progress: () => {} },
      );
      texts = out.translations;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  ${source}→${target} (${plan.engine}: ${plan.steps.map((s) => s.packId).join(' + ')}), ${sources.length} sentences: ` +
        `chrF ${corpusChrf(texts, refs).toFixed(1)}, BLEU ${corpusBleu(texts, refs).toFixed(1)}, ${(sources.length / seconds).toFixed(1)} sentences/s`,
    );
  }
}
