/**
 * Turns a request (a mode, or the advanced catalog form) into a plan: which stems to write, which
 * installed engine writes each (the best-ranked one that can), and which pricing group each
 * belongs to. Validation order: unknown or malformed ids (400 validation_error), then the plan
 * (403 forbidden), then capability (400 stem_unavailable, naming the packs that would help) —
 * a stem no engine can make is refused here, never produced as a copy of the mix.
 */
import { AppError } from '../../../errors.ts';
import type { InstalledEngine, SeparationTier } from './separation-engine.ts';
import { catalogStem } from './stem-catalog.ts';
import { packsProducing } from './stem-engines.ts';
import {
  MODES,
  SINGLE_MODE_STEMS,
  singleModeStems,
  type ModeDefinition,
  type StemMode,
} from './stem-modes.ts';
import { requireTier, type PlanTier } from './stem-plan.ts';
import { STANDARD_GROUP } from './stem-pricing.ts';

export type StemRequest =
  | { kind: 'mode'; mode: StemMode; stem?: string | undefined }
  | { kind: 'advanced'; singleStem?: string | undefined; excludeStems: string[] };

export interface PlannedOutput {
  stem: string;
  engine: string;
  tier: SeparationTier;
  group: string;
}

export interface SeparationPlan {
  outputs: PlannedOutput[];
  /** Optional stems of the mode that no installed engine can produce (not charged). */
  unavailable: string[];
  /** Pricing group → its stems. */
  groups: Map<string, string[]>;
}

function invalid(message: string, loc: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', loc], msg: message }] },
  });
}

function bestEngine(
  engines: readonly InstalledEngine[],
  stem: string,
): InstalledEngine | undefined {
  return engines.find((engine) => engine.stems.includes(stem));
}

function unavailable(stems: string[], engines: readonly InstalledEngine[]): AppError {
  const install = [...new Set(stems.flatMap(packsProducing))];
  const hint =
    install.length > 0
      ? ` Installing ${install.join(' or ')} would add ${stems.length === 1 ? 'it' : 'some of them'}.`
      : ' No separation model for it exists for this engine yet.';
  return new AppError(
    'stem_unavailable',
    `No installed separation engine can produce ${stems.join(', ')} (installed: ${engines
      .map((e) => `${e.id} [${e.tier}]`)
      .join(', ')}).${hint}`,
    { details: { stems, engines: engines.map((e) => e.id), install } },
  );
}

function modeDefinition(request: Extract<StemRequest, { kind: 'mode' }>): ModeDefinition {
  if (request.mode !== 'single') {
    if (request.stem !== undefined && request.stem !== '')
      throw invalid(`stem is only used with mode single (got mode ${request.mode})`, 'stem');
    return MODES[request.mode];
  }
  const stem = request.stem;
  if (stem === undefined || stem === '')
    throw invalid(`mode single needs stem: one of ${SINGLE_MODE_STEMS.join(', ')}`, 'stem');
  if (!(SINGLE_MODE_STEMS as readonly string[]).includes(stem))
    throw invalid(
      `stem must be one of ${SINGLE_MODE_STEMS.join(', ')} for mode single; got "${stem}"`,
      'stem',
    );
  return singleModeStems(stem);
}

export function planSeparation(
  request: StemRequest,
  engines: readonly InstalledEngine[],
  tier: PlanTier,
): SeparationPlan {
  const wanted: { stem: string; group: string; required: boolean }[] = [];
  if (request.kind === 'mode') {
    const definition = modeDefinition(request);
    requireTier(tier, definition.tier, `The ${request.mode} mode`);
    for (const stem of definition.required)
      wanted.push({ stem, group: STANDARD_GROUP, required: true });
    for (const stem of definition.optional)
      wanted.push({ stem, group: STANDARD_GROUP, required: false });
  } else {
    const { singleStem, excludeStems } = request;
    if (excludeStems.length > 1)
      throw invalid('exclude_stems takes a JSON array with one catalog id', 'exclude_stems');
    if (!singleStem && excludeStems.length === 0)
      throw invalid(
        'give single_stem (a catalog id) or exclude_stems (one catalog id), or both',
        'single_stem',
      );
    if (singleStem) {
      const entry = catalogStem(singleStem);
      if (!entry)
        throw invalid(
          `"${singleStem}" is not a catalog stem id (GET /stem-extraction/catalog)`,
          'single_stem',
        );
      requireTier(tier, entry.public_tier, `The ${entry.label} stem`);
      wanted.push({ stem: entry.id, group: entry.priceGroup, required: true });
    }
    const excluded = excludeStems[0];
    if (excluded !== undefined) {
      const entry = catalogStem(excluded);
      if (!entry) throw invalid(`"${excluded}" is not a catalog stem id`, 'exclude_stems');
      if (!entry.excludable)
        throw invalid(
          `"${excluded}" cannot be excluded (catalog: excludable false)`,
          'exclude_stems',
        );
      requireTier(tier, entry.public_tier, `Excluding ${entry.label}`);
      if (`no_${entry.id}` !== wanted[0]?.stem)
        wanted.push({ stem: `no_${entry.id}`, group: entry.priceGroup, required: true });
    }
  }
  const outputs: PlannedOutput[] = [];
  const missing: string[] = [];
  const skipped: string[] = [];
  for (const { stem, group, required } of wanted) {
    if (outputs.some((o) => o.stem === stem)) continue;
    const engine = bestEngine(engines, stem);
    if (engine) outputs.push({ stem, engine: engine.id, tier: engine.tier, group });
    else if (required) missing.push(stem);
    else skipped.push(stem);
  }
  if (missing.length > 0) throw unavailable(missing, engines);
  const groups = new Map<string, string[]>();
  for (const output of outputs)
    groups.set(output.group, [...(groups.get(output.group) ?? []), output.stem]);
  return { outputs, unavailable: skipped, groups };
}
