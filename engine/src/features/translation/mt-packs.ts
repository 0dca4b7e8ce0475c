/**
 * Which installed translation pack translates a pair, and what to install when none does
 * (docs/api/translation.md, "Engine per pair"). Order: an Opus-MT pack for exactly that pair
 * (small, fast, trained for it) → M2M100 418M → NLLB-200 (non-commercial; installed only after
 * its licence was acknowledged) → two Opus-MT packs through English. `engine` may name one
 * installed pack instead.
 */
import { AppError } from '../../errors.ts';
import { packNeeded } from '../../inference/pack-needed.ts';
import type { ModelManifest } from '../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import type { MtFamily } from '../../inference/translator-spec.ts';
import { MT_FILES } from './mt-files.ts';
import { mtLanguage } from './mt-languages.ts';
import type { MtModelFiles } from './mt-model.ts';

export interface MtStep {
  packId: string;
  family: MtFamily;
  source: string;
  target: string;
  files: MtModelFiles;
  sourceCode: string | null;
  targetCode: string | null;
  targetToken: string | null;
}

export type MtEngine = 'opus-mt' | 'm2m100' | 'nllb' | 'opus-mt-pivot';

export interface MtPlan {
  source: string;
  target: string;
  engine: MtEngine;
  steps: MtStep[];
}

type Pack = ModelManifest & { translator: NonNullable<ModelManifest['translator']> };

export function translationPacks(models: ModelRegistry): Pack[] {
  return models
    .manifests()
    .filter((m): m is Pack => m.task === 'translation' && m.translator !== undefined);
}

/** The model's own code for a language, or null when the pack cannot do it. */
function modelCode(pack: Pack, code: string): string | null {
  const language = mtLanguage(code);
  if (!language || !(pack.languages ?? []).includes(code)) return null;
  if (pack.translator.family === 'm2m100') return language.m2m100;
  if (pack.translator.family === 'nllb') return language.nllb;
  return null;
}

/** A step of `pack` from `source` to `target`, or null when the pack cannot do that pair. */
function stepOf(pack: Pack, source: string, target: string): Omit<MtStep, 'files'> | null {
  const t = pack.translator;
  if (t.family === 'marian') {
    if (t.source !== source || t.target !== target) return null;
    return {
      packId: pack.id,
      family: 'marian',
      source,
      target,
      sourceCode: null,
      targetCode: null,
      targetToken: t.targetToken ?? null,
    };
  }
  const sourceCode = modelCode(pack, source);
  const targetCode = modelCode(pack, target);
  if (sourceCode === null || targetCode === null) return null;
  return {
    packId: pack.id,
    family: t.family,
    source,
    target,
    sourceCode,
    targetCode,
    targetToken: null,
  };
}

/**
 * Packs (installed or not) that write `target` from some language, for a source that is not
 * known yet (speech translation detects it): M2M100 first (any source, MIT), then the Opus-MT
 * pairs into it, then NLLB (non-commercial).
 */
export function packsInto(packs: readonly Pack[], target: string): Pack[] {
  const writes = (pack: Pack) =>
    pack.translator.family === 'marian'
      ? pack.translator.target === target
      : modelCode(pack, target) !== null;
  const order: Record<MtFamily, number> = { m2m100: 0, marian: 1, nllb: 2 };
  const rank = (pack: Pack) => order[pack.translator.family];
  return packs.filter(writes).sort((a, b) => rank(a) - rank(b));
}

interface Candidate {
  engine: MtEngine;
  steps: Omit<MtStep, 'files'>[];
}

/** Every way the packs (installed or not) could translate the pair, best first. */
export function candidates(packs: readonly Pack[], source: string, target: string): Candidate[] {
  const out: Candidate[] = [];
  const of = (family: MtFamily, engine: MtEngine) => {
    for (const pack of packs.filter((p) => p.translator.family === family)) {
      const step = stepOf(pack, source, target);
      if (step) out.push({ engine, steps: [step] });
    }
  };
  of('marian', 'opus-mt');
  of('m2m100', 'm2m100');
  of('nllb', 'nllb');
  if (source !== 'en' && target !== 'en') {
    const marian = packs.filter((p) => p.translator.family === 'marian');
    for (const first of marian.map((p) => stepOf(p, source, 'en')).filter((s) => s !== null))
      for (const second of marian.map((p) => stepOf(p, 'en', target)).filter((s) => s !== null))
        out.push({ engine: 'opus-mt-pivot', steps: [first, second] });
  }
  return out;
}

function filesOf(models: ModelRegistry, step: Omit<MtStep, 'files'>): MtStep {
  const at = (name: string) => models.resolveModelFile(step.packId, name);
  return {
    ...step,
    files: {
      family: step.family,
      config: at(MT_FILES.config),
      generation: at(MT_FILES.generation),
      tokenizer: at(MT_FILES.tokenizer),
      tokenizerConfig: at(MT_FILES.tokenizerConfig),
      encoder: at(MT_FILES.encoder),
      decoder: at(MT_FILES.decoder),
    },
  };
}

/**
 * The plan for a pair with what is installed. Throws validation_error when no pack (installed
 * or not) can translate the pair or `engine` names a pack that cannot, and model_not_installed
 * naming what to install when only uninstalled packs can.
 */
export function planTranslation(
  models: ModelRegistry,
  source: string,
  target: string,
  engine: string | null = null,
): MtPlan {
  const packs = translationPacks(models);
  const all = candidates(packs, source, target).filter(
    (c) => engine === null || (c.steps.length === 1 && c.steps[0]?.packId === engine),
  );
  const ready = all.find((c) => c.steps.every((s) => models.status(s.packId).ready));
  const names = `${mtLanguage(source)?.name ?? source} → ${mtLanguage(target)?.name ?? target}`;
  if (all.length === 0)
    throw new AppError(
      'validation_error',
      engine === null
        ? `No translation model this engine knows translates ${names}.`
        : `The translation pack "${engine}" does not translate ${names}.`,
      { details: { reason: 'unsupported_pair', source_language: source, target_language: target } },
    );
  if (!ready) {
    // The first single-pack option: the Opus-MT pair when one exists, else M2M100, else NLLB.
    const first =
      all.find((c) => c.steps.length === 1)?.steps[0]?.packId ?? all[0]?.steps[0]?.packId;
    throw packNeeded(models, 'translation', `Translating ${names}`, first);
  }
  return {
    source,
    target,
    engine: ready.engine,
    steps: ready.steps.map((s) => filesOf(models, s)),
  };
}
