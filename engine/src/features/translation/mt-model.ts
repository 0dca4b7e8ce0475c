/**
 * One text-translation model inside a worker thread: transformers.js' own tokenizer, model class
 * and translation pipeline (greedy search over the merged decoder's KV cache), on sessions from
 * the engine's session cache (docs/api/translation.md, "Runtime"). Families:
 * - marian (Opus-MT): one pair per model; multi-target models want a `>>xx<<` token first;
 * - m2m100 (M2M100 418M) and nllb (NLLB-200): many-to-many, `src_lang`/`tgt_lang` codes, the
 *   target forced as the first decoded token.
 *
 * Two things the library leaves to its caller are done here:
 * - a batch row that has ended keeps ending (HoldFinishedRows): the library's greedy loop stops
 *   only when every row's LAST token is end-of-sequence, so without it a short sentence batched
 *   with a long one grows words after its end;
 * - cancelling stops the decoding loop at the next token (InterruptableStoppingCriteria).
 */
import fs from 'node:fs';
import type { SessionCache } from '../../inference/session-cache.ts';
import { loadTransformers, type Transformers } from '../../inference/transformers-runtime.ts';
import type { MtFamily } from '../../inference/translator-spec.ts';

export interface MtModelFiles {
  family: MtFamily;
  config: string;
  generation: string;
  tokenizer: string;
  tokenizerConfig: string;
  encoder: string;
  decoder: string;
}

export interface TranslateBatchOptions {
  /** Model language codes (m2m100: `de`, nllb: `deu_Latn`); ignored by marian. */
  sourceCode: string | null;
  targetCode: string | null;
  /** Marian multi-target models: prepended to every sentence. */
  targetToken: string | null;
  signal: AbortSignal;
}

export interface MtModel {
  family: MtFamily;
  /** Source tokens of each text (without special tokens), for batching and length limits. */
  countTokens(texts: readonly string[]): number[];
  translate(texts: readonly string[], options: TranslateBatchOptions): Promise<string[]>;
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

type Pipe = (
  texts: string[],
  options: Record<string, unknown>,
) => Promise<{ translation_text: string }[]>;

/** The classes that read each family's files (NLLB is an M2M100 model with its own tokenizer). */
function classesFor(tf: Transformers, family: MtFamily) {
  switch (family) {
    case 'marian':
      return { Model: tf.MarianMTModel, Tokenizer: tf.MarianTokenizer };
    case 'm2m100':
      return { Model: tf.M2M100ForConditionalGeneration, Tokenizer: tf.M2M100Tokenizer };
    case 'nllb':
      return { Model: tf.M2M100ForConditionalGeneration, Tokenizer: tf.NllbTokenizer };
  }
}

export async function loadMtModel(files: MtModelFiles, sessions: SessionCache): Promise<MtModel> {
  const tf = await loadTransformers();
  const { Model, Tokenizer } = classesFor(tf, files.family);
  const [encoder, decoder] = await Promise.all([
    sessions.getSession(files.encoder),
    sessions.getSession(files.decoder),
  ]);
  const configJson = readJson(files.config);
  const config = new tf.PretrainedConfig(configJson);
  const model = new Model(
    config,
    { model: encoder, decoder_model_merged: decoder },
    { generation_config: readJson(files.generation) },
  );
  const tokenizer = new Tokenizer(readJson(files.tokenizer), readJson(files.tokenizerConfig));
  const pipe = new tf.TranslationPipeline({
    task: 'translation',
    model,
    tokenizer,
  }) as unknown as Pipe;
  const eos = Number(configJson.eos_token_id);
  const maxPositions = Number(configJson.max_position_embeddings ?? 512);
  const countTokens = (texts: readonly string[]) =>
    texts.map((t) => tokenizer.encode(t, { add_special_tokens: false }).length);

  const holdFinished = makeHoldFinished(tf, eos);
  return {
    family: files.family,
    countTokens,
    async translate(texts, options) {
      const prefixed = options.targetToken
        ? texts.map((t) => `${options.targetToken ?? ''} ${t}`)
        : [...texts];
      const longest = Math.max(1, ...countTokens(prefixed));
      const stop = new tf.InterruptableStoppingCriteria();
      const onAbort = () => stop.interrupt();
      options.signal.addEventListener('abort', onAbort, { once: true });
      try {
        const out = await pipe(prefixed, {
          ...(options.sourceCode !== null && { src_lang: options.sourceCode }),
          ...(options.targetCode !== null && { tgt_lang: options.targetCode }),
          num_beams: 1,
          do_sample: false,
          max_new_tokens: Math.min(maxPositions - 2, 2 * longest + 16),
          logits_processor: [holdFinished],
          stopping_criteria: [stop],
        });
        return out.map((o) => o.translation_text.trim());
      } finally {
        options.signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

/**
 * A row whose decoded tokens (after the start token) already hold end-of-sequence may only
 * produce end-of-sequence again (Hugging Face's Python generate pads finished rows the same way).
 */
function makeHoldFinished(tf: Transformers, eos: number) {
  class HoldFinishedRows extends tf.LogitsProcessor {
    override _call(inputIds: bigint[][], logits: InstanceType<Transformers['Tensor']>) {
      inputIds.forEach((ids, row) => {
        if (!ids.slice(1).some((id) => Number(id) === eos)) return;
        const data = (logits as unknown as Record<number, { data: Float32Array }>)[row]?.data;
        if (!data) return;
        data.fill(-Infinity);
        data[eos] = 0;
      });
      return logits;
    }
  }
  return new HoldFinishedRows();
}
