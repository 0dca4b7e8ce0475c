/** Catalog shape, quote rounding and the planner's refusals (document 3, "Stem separation"). */
import { describe, expect, it } from 'vitest';
import { STEM_CATALOG } from './stem-catalog.ts';
import { dspEngine } from './stem-engines.ts';
import { planSeparation } from './stem-planner.ts';
import { quoteGroups, rateCard, STANDARD_GROUP } from './stem-pricing.ts';

const card = rateCard(660);

describe('stem catalog', () => {
  it('has the 45 ids of the contract with their tiers', () => {
    expect(STEM_CATALOG).toHaveLength(45);
    expect(new Set(STEM_CATALOG.map((e) => e.id)).size).toBe(45);
    const byGroup = (g: string) => STEM_CATALOG.filter((e) => e.group === g);
    expect(byGroup('core').map((e) => e.id)).toEqual([
      'vocals',
      'backing_track',
      'drums',
      'bass',
      'guitar',
      'piano',
      'other',
    ]);
    expect(byGroup('core').every((e) => e.public_tier === 'basic')).toBe(true);
    expect(byGroup('specialty_vocals')).toHaveLength(4);
    expect(byGroup('instruments')).toHaveLength(34);
    expect(
      [...byGroup('specialty_vocals'), ...byGroup('instruments')].every(
        (e) => e.public_tier === 'creator',
      ),
    ).toBe(true);
  });
});

describe('quotes', () => {
  it('rounds the duration up to whole seconds and the total down to whole credits', () => {
    // 61.2 s → 62 s; 660/min × 62/60 = 682.0 credits exactly.
    const q = quoteGroups(card, new Map([[STANDARD_GROUP, ['vocals', 'no_vocals']]]), 61.2);
    expect(q.billed_seconds).toBe(62);
    expect(q.total_credits).toBe(682);
    // 1.5 s → 2 s: 22.0 credits; 0.4 s → 1 s: 11 credits.
    expect(quoteGroups(card, new Map([[STANDARD_GROUP, []]]), 1.5).total_credits).toBe(22);
    expect(quoteGroups(card, new Map([[STANDARD_GROUP, []]]), 0.4).total_credits).toBe(11);
    // 7 s: 660 × 7/60 = 77.0; 990 × 7 / 60 = 115.5 → total 192.5 → 192.
    const two = quoteGroups(
      card,
      new Map([
        [STANDARD_GROUP, []],
        ['vocal_lead_backing', []],
      ]),
      7,
    );
    expect(two.groups.map((g) => g.credits)).toEqual([77, 115.5]);
    expect(two.total_credits).toBe(192);
  });

  it('prices the four vocal specialties at 1,980 credits a minute and adding core at 2,640', () => {
    const vocals = new Map([
      ['vocal_lead_backing', []],
      ['vocal_male_female', []],
    ]);
    expect(quoteGroups(card, vocals, 60).total_credits).toBe(1980);
    expect(quoteGroups(card, new Map([...vocals, ['core', []]]), 60).total_credits).toBe(2640);
    expect(quoteGroups(card, new Map([[STANDARD_GROUP, []]]), 60).total_usd).toBe(0.1);
  });

  it('shares one group between lead and rhythm guitar', () => {
    const lead = STEM_CATALOG.find((e) => e.id === 'lead_guitar')!;
    const rhythm = STEM_CATALOG.find((e) => e.id === 'rhythm_guitar')!;
    expect(lead.priceGroup).toBe(rhythm.priceGroup);
    expect(card.find((g) => g.id === lead.priceGroup)!.stems).toEqual([
      'lead_guitar',
      'rhythm_guitar',
    ]);
  });
});

describe('planner', () => {
  const engines = [dspEngine()];

  it('plans four-stem mode on the DSP tier as one standard group', () => {
    const plan = planSeparation({ kind: 'mode', mode: 'four' }, engines, 'basic');
    expect(plan.outputs.map((o) => [o.stem, o.engine, o.tier])).toEqual([
      ['vocals', 'dsp', 'dsp'],
      ['drums', 'dsp', 'dsp'],
      ['bass', 'dsp', 'dsp'],
      ['other', 'dsp', 'dsp'],
    ]);
    expect([...plan.groups.keys()]).toEqual([STANDARD_GROUP]);
  });

  it('refuses six mode when no engine can make guitar and piano', () => {
    expect(() => planSeparation({ kind: 'mode', mode: 'six' }, engines, 'pro')).toThrow(
      expect.objectContaining({ code: 'stem_unavailable' }),
    );
  });

  it('delivers producer mode without the optional guitar and piano, and says so', () => {
    const plan = planSeparation({ kind: 'mode', mode: 'producer' }, engines, 'creator');
    expect(plan.outputs.map((o) => o.stem)).toEqual([
      'vocals',
      'bass',
      'other',
      'kick',
      'snare',
      'hihat',
    ]);
    expect(plan.unavailable).toEqual(['guitar', 'piano']);
  });

  it('gates modes and catalog stems by plan with 403', () => {
    expect(() => planSeparation({ kind: 'mode', mode: 'producer' }, engines, 'basic')).toThrow(
      expect.objectContaining({ code: 'forbidden', status: 403 }),
    );
    expect(() => planSeparation({ kind: 'mode', mode: 'studio' }, engines, 'creator')).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
    expect(() =>
      planSeparation(
        { kind: 'advanced', singleStem: 'violin', excludeStems: [] },
        engines,
        'basic',
      ),
    ).toThrow(expect.objectContaining({ code: 'forbidden' }));
  });

  it('rejects unknown ids (400) before plan or capability', () => {
    expect(() =>
      planSeparation({ kind: 'advanced', singleStem: 'kazoo', excludeStems: [] }, engines, 'basic'),
    ).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(() =>
      planSeparation({ kind: 'mode', mode: 'single', stem: 'kazoo' }, engines, 'pro'),
    ).toThrow(expect.objectContaining({ code: 'validation_error' }));
  });

  it('prices advanced requests by their groups', () => {
    const plan = planSeparation(
      { kind: 'advanced', singleStem: 'bass', excludeStems: ['vocals'] },
      engines,
      'basic',
    );
    expect(plan.outputs.map((o) => o.stem)).toEqual(['bass', 'no_vocals']);
    expect([...plan.groups.entries()]).toEqual([['core', ['bass', 'no_vocals']]]);
  });
});
