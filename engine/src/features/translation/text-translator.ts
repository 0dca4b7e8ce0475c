/**
 * Text translation as other code uses it (the translation routes and job here; later the
 * speech-translation pipeline): plan the pair (mt-packs.ts), cut each text into sentences
 * (sentences.ts), translate them in the worker pool (translate-task.ts; through English in two
 * steps for a pivot), and put each text back together with its own whitespace. The same
 * sentence is translated once however often it occurs.
 */
import { franc } from 'franc-min';
import type { EngineConfig } from '../../config.ts';
import { throwIfCancelled } from '../../errors.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import { languageFromIso3 } from './mt-languages.ts';
import { packsInto, planTranslation, translationPacks, type MtPlan } from './mt-packs.ts';
import { joinSentences, splitSentences } from './sentences.ts';
import {
  TRANSLATE_TASK,
  type TranslateTaskInput,
  type TranslateTaskResult,
} from './translate-task.ts';

export interface TextTranslatorDeps {
  config: Pick<EngineConfig, 'executionProviders'>;
  models: ModelRegistry;
  workers: WorkerPool;
}

export interface TranslateOptions {
  signal: AbortSignal;
  /** 0–100 over the whole call. */
  onProgress?: (percent: number) => void;
}

/** Below this many letters franc guesses too often; the caller must name the language. */
const MIN_DETECT_CHARS = 20;

export class TextTranslator {
  constructor(private readonly deps: TextTranslatorDeps) {}

  plan(source: string, target: string, engine: string | null = null): MtPlan {
    return planTranslation(this.deps.models, source, target, engine);
  }

  /**
   * For a source not known yet: the installed packs that write `target` from some language, and
   * the pack to suggest when none is (null: no pack this engine knows writes it).
   */
  into(target: string): { installed: string[]; suggested: string | null } {
    const packs = packsInto(translationPacks(this.deps.models), target);
    return {
      installed: packs.filter((p) => this.deps.models.status(p.id).ready).map((p) => p.id),
      suggested: packs[0]?.id ?? null,
    };
  }

  /** The engine's code for the language the texts are written in, or null when unsure. */
  detect(texts: readonly string[]): string | null {
    const sample = texts.join('\n').slice(0, 4000);
    if (sample.replace(/[\s\p{P}\p{N}]/gu, '').length < MIN_DETECT_CHARS) return null;
    const iso3 = franc(sample, { minLength: MIN_DETECT_CHARS });
    return iso3 === 'und' ? null : (languageFromIso3(iso3)?.code ?? null);
  }

  async translate(
    texts: readonly string[],
    plan: MtPlan,
    options: TranslateOptions,
  ): Promise<string[]> {
    const split = texts.map((t) => splitSentences(t, plan.source));
    const unique = [
      ...new Set(split.flatMap((parts) => parts.filter((p) => p.translate).map((p) => p.text))),
    ];
    let current = unique;
    for (const [index, step] of plan.steps.entries()) {
      throwIfCancelled(options.signal);
      if (current.length === 0) break;
      const input: TranslateTaskInput = {
        model: step.files,
        sentences: current,
        sourceCode: step.sourceCode,
        targetCode: step.targetCode,
        targetToken: step.targetToken,
        executionProviders: this.deps.config.executionProviders,
      };
      const share = 100 / plan.steps.length;
      const out = await this.deps.workers.run<TranslateTaskResult>(TRANSLATE_TASK, input, {
        signal: options.signal,
        ...(options.onProgress && {
          onProgress: (percent: number) =>
            options.onProgress?.(index * share + (percent * share) / 100),
        }),
      });
      current = out.translations;
    }
    const byText = new Map(unique.map((s, i) => [s, current[i] ?? '']));
    return split.map((parts) =>
      joinSentences(
        parts,
        parts.filter((p) => p.translate).map((p) => byText.get(p.text) ?? ''),
      ),
    );
  }
}
