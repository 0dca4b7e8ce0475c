import { describe, expect, it } from 'vitest';
import type { ModelLine } from './model-lines.ts';
import { mergeVerdict } from './model-verdicts.ts';
import { CONTEXT_PARAGRAPHS, MAX_LINES, modelWindows } from './model-windows.ts';

function said(speaker: string | null, confidence: ModelLine['confidence']): ModelLine {
  return { paragraph: 0, line: 0, speaker, confidence, direction: '' };
}

describe('what is kept where the rules and the model both read a line', () => {
  it('keeps an agreed speaker at 0.95', () => {
    expect(mergeVerdict('Anna', said('Anna', 'low'))).toMatchObject({
      speaker: 'Anna',
      confidence: 0.95,
      source: 'both',
    });
  });

  it('takes the model where the rules are silent, unless it is only guessing', () => {
    expect(mergeVerdict(null, said('Marco', 'medium'))).toMatchObject({
      speaker: 'Marco',
      confidence: 0.7,
      source: 'model',
    });
    expect(mergeVerdict(null, said('Marco', 'low'))).toMatchObject({
      speaker: null,
      confidence: 0,
      source: 'none',
    });
  });

  it('overrules the rules only when the model is sure', () => {
    expect(mergeVerdict('Anna', said('Marco', 'high'))).toMatchObject({
      speaker: 'Marco',
      confidence: 0.8,
      source: 'model',
    });
    expect(mergeVerdict('Anna', said('Marco', 'medium'))).toMatchObject({
      speaker: 'Anna',
      confidence: 0.5,
      source: 'rules',
    });
    expect(mergeVerdict('Anna', said(null, 'high'))).toMatchObject({
      speaker: 'Anna',
      confidence: 0.6,
      source: 'rules',
    });
  });
});

describe('passages for the model', () => {
  const budget = { passageTokens: 100, tokensPerLine: 10, contextTokens: 400, fixedTokens: 50 };

  it('never crosses a chapter, shows earlier paragraphs, and skips one too long for any call', () => {
    const paragraphs = [
      { tokens: 10, lines: 0, chapter: 'a' },
      { tokens: 10, lines: 0, chapter: 'a' },
      { tokens: 10, lines: 0, chapter: 'a' },
      { tokens: 20, lines: 1, chapter: 'a' },
      { tokens: 20, lines: 1, chapter: 'a' },
      { tokens: 20, lines: 1, chapter: 'b' },
      { tokens: 500, lines: 1, chapter: 'b' },
    ];
    const { windows, skipped } = modelWindows(paragraphs, budget);
    expect(skipped).toEqual([6]);
    expect(windows.map((w) => w.decide)).toEqual([[3, 4], [5]]);
    expect(windows[0]?.context).toEqual([1, 2]);
    expect(windows[0]?.context.length).toBeLessThanOrEqual(CONTEXT_PARAGRAPHS);
    expect(windows[1]?.context).toEqual([]);
  });

  it('closes a passage at its token budget and at MAX_LINES quotations', () => {
    const many = Array.from({ length: 100 }, () => ({ tokens: 1, lines: 1, chapter: 'a' }));
    const wide = { ...budget, contextTokens: 10_000 };
    const { windows } = modelWindows(many, wide);
    expect(Math.max(...windows.map((w) => w.lines))).toBe(MAX_LINES);
    expect(windows.flatMap((w) => w.decide)).toEqual(many.map((_, i) => i));
    const heavy = Array.from({ length: 6 }, () => ({ tokens: 40, lines: 1, chapter: 'a' }));
    for (const w of modelWindows(heavy, budget).windows)
      expect(w.passageTokens).toBeLessThanOrEqual(budget.passageTokens);
  });
});
