import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  dailyUse,
  dateRangeProblem,
  formatCredits,
  formatRelative,
  formatUsd,
  hasFilters,
  localDayStart,
  multiplierRows,
  pageFromHeaders,
  paygAmount,
  planNumber,
  serviceLabel,
  serviceUnit,
  sourceLabel,
  usageQuery,
} from '../../renderer/src/features/credits/credits-model.ts';

const headers = (values: Record<string, string>) => new Headers(values);
const PAYG = { credits_per_dollar: 7500, min_amount_usd: 1, max_amount_usd: 1000, currency: 'USD' };

describe('usage pagination headers', () => {
  it('reads X-Total-Count, X-Page, X-Per-Page and X-Has-Next', () => {
    const page = pageFromHeaders(
      headers({ 'X-Total-Count': '45', 'X-Page': '2', 'X-Per-Page': '20', 'X-Has-Next': 'true' }),
      20,
      { page: 2, perPage: 20 },
    );
    expect(page).toEqual({
      total: 45,
      page: 2,
      perPage: 20,
      hasNext: true,
      hasPrev: true,
      first: 21,
      last: 40,
    });
  });

  it('gives the last partial page and an empty answer their own ranges', () => {
    const last = pageFromHeaders(
      headers({ 'X-Total-Count': '45', 'X-Page': '3', 'X-Per-Page': '20', 'X-Has-Next': 'false' }),
      5,
      { page: 3, perPage: 20 },
    );
    expect([last.first, last.last, last.hasNext, last.hasPrev]).toEqual([41, 45, false, true]);
    const none = pageFromHeaders(headers({ 'X-Total-Count': '0', 'X-Has-Next': 'false' }), 0, {
      page: 1,
      perPage: 20,
    });
    expect([none.total, none.first, none.last, none.hasNext, none.hasPrev]).toEqual([
      0,
      0,
      0,
      false,
      false,
    ]);
  });

  it('falls back to what was asked and what came back when headers are missing or malformed', () => {
    const bare = pageFromHeaders(headers({}), 10, { page: 1, perPage: 10 });
    expect(bare).toMatchObject({ total: 10, page: 1, perPage: 10, hasNext: false, last: 10 });
    const junk = pageFromHeaders(
      headers({
        'X-Total-Count': 'lots',
        'X-Page': '0',
        'X-Per-Page': '-5',
        'X-Has-Next': 'maybe',
      }),
      3,
      { page: 2, perPage: 10 },
    );
    expect(junk).toMatchObject({ total: 13, page: 2, perPage: 10, hasNext: false, first: 11 });
    // A total smaller than what is on screen cannot be right: the rows win.
    const low = pageFromHeaders(headers({ 'X-Total-Count': '1' }), 4, { page: 1, perPage: 20 });
    expect(low.total).toBe(4);
    // Without X-Has-Next the total decides.
    const derived = pageFromHeaders(headers({ 'X-Total-Count': '30' }), 20, {
      page: 1,
      perPage: 20,
    });
    expect(derived.hasNext).toBe(true);
  });
});

describe('usage filters', () => {
  it('builds the query with only the filters that are set', () => {
    expect(usageQuery(NO_FILTERS, 1, 20)).toBe('page=1&per_page=20');
    expect(
      usageQuery({ ...NO_FILTERS, serviceType: 'audio_analysis', source: 'payg' }, 3, 50),
    ).toBe('service_type=audio_analysis&credit_source=payg&page=3&per_page=50');
  });

  it('sends whole local days, the "to" day included (the engine’s `to` is exclusive)', () => {
    const query = new URLSearchParams(
      usageQuery({ ...NO_FILTERS, from: '2026-05-20', to: '2026-05-31' }, 1, 20),
    );
    expect(query.get('from')).toBe(new Date(2026, 4, 20).toISOString());
    expect(query.get('to')).toBe(new Date(2026, 5, 1).toISOString());
    expect(localDayStart('2026-12-31', 1)).toBe(new Date(2027, 0, 1).toISOString());
    expect(localDayStart('20 May')).toBeNull();
  });

  it('refuses a range that ends before it starts', () => {
    expect(dateRangeProblem({ ...NO_FILTERS, from: '2026-05-21', to: '2026-05-20' })).toBe(
      'The start date is after the end date.',
    );
    expect(dateRangeProblem({ ...NO_FILTERS, from: '2026-05-20', to: '2026-05-20' })).toBeNull();
    expect(dateRangeProblem({ ...NO_FILTERS, from: '2026-05-20' })).toBeNull();
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, to: '2026-05-20' })).toBe(true);
  });
});

describe('credits formatting', () => {
  it('formats credits and dollars', () => {
    expect(formatCredits(0)).toBe('0');
    expect(formatCredits(1_000_000)).toBe('1,000,000');
    expect(formatCredits(999_998.4)).toBe('999,998');
    expect(formatCredits(-20)).toBe('\u221220');
    expect(formatCredits(Number.NaN)).toBe('–');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(1000)).toBe('$1,000.00');
  });

  it('names services, units and pools', () => {
    expect(serviceLabel('stem_extraction')).toBe('Stem separation');
    expect(serviceLabel('audio_analysis')).toBe('Audio analysis');
    expect(serviceLabel('podcast_mixdown')).toBe('Podcast mixdown');
    expect(serviceUnit('voice_cloning_generation')).toBe('per generated preview');
    expect(serviceUnit('transcription')).toBe('per started minute');
    expect(sourceLabel('payg')).toBe('Pay-as-you-go');
    expect(sourceLabel('subscription')).toBe('Subscription');
    expect(sourceLabel('gift')).toBe('gift');
  });

  it('orders the cost table by cost, then by name', () => {
    const rows = multiplierRows({ translation: 10, stem_extraction: 660, spectral_denoise: 10 });
    expect(rows.map((row) => row.key)).toEqual([
      'stem_extraction',
      'spectral_denoise',
      'translation',
    ]);
    expect(rows[0]).toEqual({
      key: 'stem_extraction',
      label: 'Stem separation',
      unit: 'per started minute',
      credits: 660,
    });
  });

  it('says how far away a reset or a retry is', () => {
    const now = new Date('2026-05-22T12:00:00Z');
    expect(formatRelative('2026-06-01T00:00:00Z', now)).toBe('in 10 days');
    expect(formatRelative('2026-05-22T17:00:00Z', now)).toBe('in 5 h');
    expect(formatRelative('2026-05-22T12:01:00Z', now)).toBe('in 1 min');
    expect(formatRelative('2026-05-22T12:00:42Z', now)).toBe('in 42 s');
    expect(formatRelative('2026-05-22T12:00:02Z', now)).toBe('now');
    expect(formatRelative('2026-05-22T11:57:00Z', now)).toBe('3 min ago');
    expect(formatRelative(null, now)).toBe('–');
    expect(formatRelative('soon', now)).toBe('–');
  });

  it('measures the daily limit, where 0 stops all paid work', () => {
    expect(dailyUse(50, 200)).toEqual({ percent: 25, left: 150, tone: 'active' });
    expect(dailyUse(180, 200).tone).toBe('warn');
    expect(dailyUse(250, 200)).toEqual({ percent: 100, left: 0, tone: 'failed' });
    expect(dailyUse(0, 0)).toEqual({ percent: 100, left: 0, tone: 'failed' });
  });
});

describe('credits forms', () => {
  it('checks the pay-as-you-go amount against the engine’s limits', () => {
    expect(paygAmount('12.50', PAYG)).toEqual({ amount: 12.5, credits: 93_750 });
    expect(paygAmount('$1', PAYG)).toEqual({ amount: 1, credits: 7_500 });
    expect(paygAmount('', PAYG)).toEqual({ error: 'Enter an amount in USD.' });
    expect(paygAmount('ten', PAYG)).toEqual({ error: 'Enter an amount like 10 or 12.50.' });
    expect(paygAmount('1.234', PAYG)).toEqual({ error: 'Enter an amount like 10 or 12.50.' });
    expect(paygAmount('0.5', PAYG)).toEqual({
      error: 'Enter an amount from $1.00 to $1,000.00.',
    });
    expect(paygAmount('1000.01', PAYG)).toHaveProperty('error');
  });

  it('reads Local plan numbers with or without separators', () => {
    expect(planNumber('1,000,000')).toEqual({ value: 1_000_000 });
    expect(planNumber(' 250 000 ')).toEqual({ value: 250_000 });
    expect(planNumber('0')).toEqual({ value: 0 });
    expect(planNumber('')).toEqual({ error: 'Enter a whole number of credits.' });
    expect(planNumber('12.5')).toEqual({ error: 'Use whole credits (digits only).' });
    expect(planNumber('-1')).toEqual({ error: 'Use whole credits (digits only).' });
    expect(planNumber('1000000000001')).toEqual({ error: 'At most 1,000,000,000,000.' });
    expect(planNumber('1000000000000')).toEqual({ value: 1_000_000_000_000 });
  });
});
