/**
 * Stem separation prices (document 3, "Pricing", and "Limits": 0.10 USD per minute base rate).
 * Credits per minute per group: every standard mode is one group at the base rate (the
 * owner's `stem_extraction` multiplier, 660 credits by default = 0.10 USD at 6,600 credits per
 * USD, the rate the document's own figures imply: 1,980 credits = 0.30 USD). Catalog requests
 * add their groups: the core stems are one group at the base rate, each vocal pair (lead/backing,
 * male/female) 1.5× the base (so the four vocal specialties total 0.30 USD and adding core
 * instruments 0.40), lead and rhythm guitar one group, every other instrument its own group.
 *
 * Quotes round the duration up to whole seconds and the total down to whole credits; the
 * reservation is that total, and a group that fails to deliver every requested output is taken
 * off the settlement (stem-job.ts).
 */
import type { Pricing } from '../../billing/index.ts';
import { STEM_CATALOG } from './stem-catalog.ts';

export const CREDITS_PER_USD = 6600;
export const VOCAL_PAIR_FACTOR = 1.5;
export const STANDARD_GROUP = 'standard';

export interface PriceGroup {
  id: string;
  label: string;
  credits_per_minute: number;
  usd_per_minute: number;
  stems: string[];
}

export interface GroupPrice {
  group: string;
  stems: string[];
  credits: number;
  usd: number;
}

export interface StemQuote {
  duration_seconds: number;
  billed_seconds: number;
  groups: GroupPrice[];
  total_credits: number;
  total_usd: number;
}

export function baseRate(credits: Pricing): number {
  return credits.multipliers().stem_extraction;
}

function usd(credits: number): number {
  return Math.round((credits / CREDITS_PER_USD) * 10000) / 10000;
}

/** The rate card (GET /stem-extraction/pricing). */
export function rateCard(base: number): PriceGroup[] {
  const groups = new Map<string, PriceGroup>();
  const add = (id: string, label: string, perMinute: number, stem?: string): void => {
    let group = groups.get(id);
    if (!group) {
      group = {
        id,
        label,
        credits_per_minute: perMinute,
        usd_per_minute: usd(perMinute),
        stems: [],
      };
      groups.set(id, group);
    }
    if (stem) group.stems.push(stem);
  };
  add(
    STANDARD_GROUP,
    'Any standard mode (single, two, four, six, producer, studio, mastering)',
    base,
  );
  for (const entry of STEM_CATALOG) {
    const pair = entry.priceGroup.startsWith('vocal_');
    const label =
      entry.priceGroup === 'core'
        ? 'Core stems'
        : pair
          ? `Vocal pair: ${entry.priceGroup.slice('vocal_'.length).replace('_', ' and ')}`
          : entry.priceGroup === 'guitar_lead_rhythm'
            ? 'Lead and rhythm guitar'
            : entry.label;
    add(entry.priceGroup, label, pair ? base * VOCAL_PAIR_FACTOR : base, entry.id);
  }
  return [...groups.values()];
}

/**
 * Prices `groups` for `durationSeconds` of audio: the duration rounded up to whole seconds,
 * each group's exact share, the total rounded down to whole credits.
 */
export function quoteGroups(
  card: readonly PriceGroup[],
  groups: ReadonlyMap<string, string[]>,
  durationSeconds: number,
): StemQuote {
  const billed = Math.ceil(Math.max(0, durationSeconds));
  const prices: GroupPrice[] = [];
  let exact = 0;
  for (const [id, stems] of groups) {
    const group = card.find((g) => g.id === id);
    if (!group) throw new Error(`unknown price group ${id}`);
    const credits = (group.credits_per_minute * billed) / 60;
    exact += credits;
    prices.push({
      group: id,
      stems,
      credits: Math.round(credits * 1000) / 1000,
      usd: usd(credits),
    });
  }
  const total = Math.floor(exact + 1e-9);
  return {
    duration_seconds: durationSeconds,
    billed_seconds: billed,
    groups: prices,
    total_credits: total,
    total_usd: usd(total),
  };
}
