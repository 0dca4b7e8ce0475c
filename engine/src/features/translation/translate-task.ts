/**
 * Worker-pool task: translates sentences with one installed pack (mt-model.ts), in batches of
 * similar length (sentence-batches.ts), reporting progress by source tokens done and stopping
 * at the next token when cancelled. The model stays loaded in the worker between calls.
 */
import { throwIfCancelled } from '../../errors.ts';
import { createSessionCache, type SessionCache } from '../../inference/session-cache.ts';
import type { WorkerTask } from '../../jobs/worker-protocol.ts';
import { loadMtModel, type MtModel, type MtModelFiles } from './mt-model.ts';
import { planBatches } from './sentence-batches.ts';

export const TRANSLATE_TASK = new URL(import.meta.url);

export interface TranslateTaskInput {
  model: MtModelFiles;
  sentences: string[];
  sourceCode: string | null;
  targetCode: string | null;
  targetToken: string | null;
  executionProviders: string[] | null;
}

export interface TranslateTaskResult {
  translations: string[];
  tokens: number;
}

let sessions: SessionCache | null = null;
const models = new Map<string, Promise<MtModel>>();

function modelFor(files: MtModelFiles, cache: SessionCache): Promise<MtModel> {
  const key = `${files.family}\u0000${files.encoder}\u0000${files.decoder}`;
  let model = models.get(key);
  if (!model) {
    model = loadMtModel(files, cache);
    model.catch(() => models.delete(key));
    models.set(key, model);
  }
  return model;
}

export const run: WorkerTask<TranslateTaskInput, TranslateTaskResult> = async (input, ctx) => {
  sessions ??= createSessionCache({ executionProviders: input.executionProviders });
  ctx.progress(0, 'load');
  const model = await modelFor(input.model, sessions);
  throwIfCancelled(ctx.signal);
  const tokens = model.countTokens(input.sentences);
  const total = Math.max(
    1,
    tokens.reduce((a, b) => a + b, 0),
  );
  const translations = new Array<string>(input.sentences.length).fill('');
  let done = 0;
  for (const batch of planBatches(tokens)) {
    const out = await model.translate(
      batch.map((i) => input.sentences[i] ?? ''),
      {
        sourceCode: input.sourceCode,
        targetCode: input.targetCode,
        targetToken: input.targetToken,
        signal: ctx.signal,
      },
    );
    throwIfCancelled(ctx.signal);
    batch.forEach((i, k) => {
      translations[i] = out[k] ?? '';
      done += tokens[i] ?? 0;
    });
    ctx.progress((100 * done) / total, 'translate');
  }
  return { translations, tokens: total };
};
