/**
 * Pure rules of the Credits page: the usage list's pagination headers, its filters as a query
 * string, number and time formatting, and the checks on the two forms (pay-as-you-go amount,
 * Local plan allowance). No React and no DOM; unit-tested in test/renderer/credits-model.test.ts.
 */
import type { QueryOf } from '../../api/contract.ts';
import { queryString } from '../../api/request.ts';
import type { CreditSource, PaygInfo } from './credits-types.ts';

/** The query of GET /credits/usage, as the contract types it. */
export type UsageQuery = NonNullable<QueryOf<'get', '/credits/usage'>>;

// ---- Pagination headers ---------------------------------------------------------------------

export interface PageInfo {
  /** Records matching the filters. */
  total: number;
  page: number;
  perPage: number;
  hasNext: boolean;
  hasPrev: boolean;
  /** 1-based position of the first and last record shown; both 0 when none is shown. */
  first: number;
  last: number;
}

/** Just what is read from the answer: `Headers` in the browser, a plain stand-in in tests. */
export interface HeaderSource {
  get(name: string): string | null;
}

function headerInt(headers: HeaderSource, name: string, min: number): number | null {
  const text = headers.get(name)?.trim() ?? '';
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min ? value : null;
}

/**
 * GET /credits/usage answers a bare array and puts the totals in `X-Total-Count`, `X-Page`,
 * `X-Per-Page` and `X-Has-Next` (docs/api/credits.md). Missing or malformed headers fall back to
 * what was asked for and what came back, so a proxy that drops them degrades to "no more pages".
 */
export function pageFromHeaders(
  headers: HeaderSource,
  shown: number,
  asked: { page: number; perPage: number },
): PageInfo {
  const page = headerInt(headers, 'X-Page', 1) ?? asked.page;
  const perPage = headerInt(headers, 'X-Per-Page', 1) ?? asked.perPage;
  const skipped = (page - 1) * perPage;
  const total = Math.max(
    headerInt(headers, 'X-Total-Count', 0) ?? skipped + shown,
    skipped + shown,
  );
  const flag = headers.get('X-Has-Next')?.trim().toLowerCase();
  const hasNext = flag === 'true' ? true : flag === 'false' ? false : page * perPage < total;
  const first = shown > 0 ? skipped + 1 : 0;
  return {
    total,
    page,
    perPage,
    hasNext,
    hasPrev: page > 1,
    first,
    last: shown > 0 ? skipped + shown : 0,
  };
}

// ---- Usage filters ----------------------------------------------------------------------------

export interface UsageFilters {
  /** '' = every service. */
  serviceType: string;
  source: '' | CreditSource;
  /** `YYYY-MM-DD` from a date input, '' = open; both ends are whole local calendar days. */
  from: string;
  to: string;
}

export const NO_FILTERS: UsageFilters = { serviceType: '', source: '', from: '', to: '' };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a `YYYY-MM-DD` day (+ `addDays`), as ISO 8601; null when not a date. */
export function localDayStart(day: string, addDays = 0): string | null {
  const match = DATE.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A problem with the date range, or null. */
export function dateRangeProblem(filters: UsageFilters): string | null {
  if (filters.from && filters.to && filters.from > filters.to) {
    return 'The start date is after the end date.';
  }
  return null;
}

/**
 * The query of GET /credits/usage. The engine's `to` is exclusive (`created_at < to`), so the
 * person's inclusive "to" day becomes the next day's local midnight; days are the person's own
 * calendar days, sent as instants.
 */
/** The filters and page as the usage route's query, in a fixed order. */
export function usageQueryFields(filters: UsageFilters, page: number, perPage: number): UsageQuery {
  const fields: UsageQuery = {};
  if (filters.serviceType) fields.service_type = filters.serviceType;
  if (filters.source) fields.credit_source = filters.source;
  const from = filters.from ? localDayStart(filters.from) : null;
  const to = filters.to ? localDayStart(filters.to, 1) : null;
  if (from) fields.from = from;
  if (to) fields.to = to;
  fields.page = page;
  fields.per_page = perPage;
  return fields;
}

/** The same query as text, without the `?`. */
export function usageQuery(filters: UsageFilters, page: number, perPage: number): string {
  return queryString(usageQueryFields(filters, page, perPage)).slice(1);
}

export function hasFilters(filters: UsageFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

// ---- Formatting -------------------------------------------------------------------------------

/** Whole credits with thousands separators: "1,000,000", "−20". */
export function formatCredits(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const rounded = Math.round(value);
  const text = Math.abs(rounded).toLocaleString('en-US');
  return rounded < 0 ? `\u2212${text}` : text;
}

/** "$10.00", "$1,000.00". */
export function formatUsd(amount: number, currency = 'USD'): string {
  if (!Number.isFinite(amount)) return '–';
  return amount.toLocaleString('en-US', { style: 'currency', currency });
}

const SOURCE_LABELS: Record<CreditSource, string> = {
  subscription: 'Subscription',
  payg: 'Pay-as-you-go',
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source as CreditSource] ?? source;
}

/** What one unit of each cost-table entry is (docs/api/credits.md, "the cost table"). */
const SERVICE_NAMES: Record<string, string> = {
  audio_analysis: 'Audio analysis',
  voice_cloning_generation: 'Voice cloning preview',
  voice_conversion: 'Voice conversion',
  speech_translation: 'Speech translation',
  translation: 'Translation',
  speaker_diarization: 'Speaker diarization',
  speaker_extraction: 'Speaker extraction',
  denoise_audio: 'Noise reduction',
  spectral_denoise: 'Spectral denoise',
  stem_extraction: 'Stem separation',
  music_generation: 'Music generation',
  transcription: 'Transcription',
  video_download: 'Video download',
};

/** "stem_extraction" → "Stem separation"; unknown keys are spelled out ("foo_bar" → "Foo bar"). */
export function serviceLabel(key: string): string {
  const known = SERVICE_NAMES[key];
  if (known) return known;
  const words = key.replace(/[_.-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** The unit a cost is charged per: previews for voice cloning, started minutes otherwise. */
export function serviceUnit(key: string): string {
  return key === 'voice_cloning_generation' ? 'per generated preview' : 'per started minute';
}

/** The cost table as rows, most expensive first, ties by name. */
export function multiplierRows(
  multipliers: Record<string, number>,
): { key: string; label: string; unit: string; credits: number }[] {
  return Object.entries(multipliers)
    .map(([key, credits]) => ({ key, label: serviceLabel(key), unit: serviceUnit(key), credits }))
    .sort((a, b) => b.credits - a.credits || a.label.localeCompare(b.label));
}

/**
 * "in 9 days", "in 5 h", "in 12 min", "in 40 s", "now", "3 min ago": a rough distance for a
 * reset or a retry time (the exact time is shown next to it).
 */
export function formatRelative(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '–';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '–';
  const seconds = Math.round((at - now.getTime()) / 1000);
  const size = Math.abs(seconds);
  if (size < 5) return 'now';
  let text: string;
  if (size < 60) text = `${size} s`;
  else if (size < 3_600) text = `${Math.round(size / 60)} min`;
  else if (size < 48 * 3_600) text = `${Math.round(size / 3_600)} h`;
  else text = `${Math.round(size / 86_400)} days`;
  return seconds > 0 ? `in ${text}` : `${text} ago`;
}

export interface DailyUse {
  /** 0–100 of the daily limit used. */
  percent: number;
  left: number;
  tone: 'active' | 'warn' | 'failed';
}

/** How much of the daily limit is gone; a limit of 0 stops all paid work (full, red). */
export function dailyUse(used: number, limit: number): DailyUse {
  if (limit <= 0) return { percent: 100, left: 0, tone: 'failed' };
  const percent = Math.min(100, Math.max(0, (used / limit) * 100));
  const tone = percent >= 100 ? 'failed' : percent >= 80 ? 'warn' : 'active';
  return { percent, left: Math.max(0, limit - used), tone };
}

// ---- Forms ------------------------------------------------------------------------------------

/** The pay-as-you-go amount, checked against the engine's limits. */
export function paygAmount(
  text: string,
  info: PaygInfo,
): { amount: number; credits: number } | { error: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return { error: 'Enter an amount in USD.' };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) {
    return { error: 'Enter an amount like 10 or 12.50.' };
  }
  const amount = Number(trimmed);
  if (amount < info.min_amount_usd || amount > info.max_amount_usd) {
    return {
      error: `Enter an amount from ${formatUsd(info.min_amount_usd, info.currency)} to ${formatUsd(info.max_amount_usd, info.currency)}.`,
    };
  }
  return { amount, credits: Math.floor(amount * info.credits_per_dollar) };
}

export const PLAN_MAX = 1_000_000_000_000;

/** A Local plan allowance field: a whole number from 0 to 10¹² ("1,000,000" and "1 000 000" too). */
export function planNumber(text: string): { value: number } | { error: string } {
  const digits = text.trim().replace(/[\s,_\u00a0\u202f]/g, '');
  if (digits === '') return { error: 'Enter a whole number of credits.' };
  if (!/^\d+$/.test(digits)) return { error: 'Use whole credits (digits only).' };
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > PLAN_MAX) {
    return { error: `At most ${formatCredits(PLAN_MAX)}.` };
  }
  return { value };
}
