// Sentences, batches and the engine order per pair (pure functions of the translation area).
import { describe, expect, it } from 'vitest';
import type { ModelManifest } from '../../inference/model-manifest.ts';
import { candidates } from './mt-packs.ts';
import { planBatches } from './sentence-batches.ts';
import { joinSentences, splitSentences } from './sentences.ts';

describe('sentences', () => {
  it('keeps the whitespace between sentences and paragraphs', () => {
    const text = '  Hello there. How are you?\n\nFine!  ';
    const parts = splitSentences(text, 'en');
    expect(parts.filter((p) => p.translate).map((p) => p.text)).toEqual([
      'Hello there.',
      'How are you?',
      'Fine!',
    ]);
    expect(joinSentences(parts, ['A.', 'B?', 'C!'])).toBe('  A. B?\n\nC!  ');
  });

  it('cuts a run-on sentence at clause punctuation, never losing text', () => {
    const long = Array.from({ length: 40 }, (_, i) => `clause number ${i}`).join(', ');
    const parts = splitSentences(long, 'en', 120);
    const pieces = parts.filter((p) => p.translate).map((p) => p.text);
    expect(pieces.every((p) => p.length <= 120)).toBe(true);
    expect(pieces.join(' ').replace(/\s+/g, ' ')).toBe(long);
  });

  it('splits Chinese and Japanese sentences', () => {
    const parts = splitSentences('你好。今天天气很好！', 'zh-cn');
    expect(parts.filter((p) => p.translate).map((p) => p.text)).toEqual([
      '你好。',
      '今天天气很好！',
    ]);
  });
});

describe('batches', () => {
  it('groups by length within row and token limits, every sentence once', () => {
    const tokens = [5, 50, 6, 48, 7, 300, 5];
    const batches = planBatches(tokens, { maxRows: 2, maxTokens: 120 });
    expect(batches.flat().sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(2);
      if (b.length > 1)
        expect(Math.max(...b.map((i) => tokens[i] ?? 0)) * b.length).toBeLessThanOrEqual(120);
    }
    expect(batches[0]).toEqual([0, 6]);
  });
});

function pack(
  id: string,
  translator: ModelManifest['translator'],
  languages?: string[],
): ModelManifest {
  return {
    manifestVersion: 1,
    id,
    task: 'translation',
    version: '1',
    title: id,
    description: id,
    licence: 'MIT',
    source: { page: 'https://example.com/' },
    ...(languages && { languages }),
    translator,
    files: [],
  } as unknown as ModelManifest;
}

describe('engine per pair', () => {
  const packs = [
    pack('nllb', { family: 'nllb' }, ['en', 'de', 'es', 'te']),
    pack('m2m', { family: 'm2m100' }, ['en', 'de', 'es']),
    pack('es-en', { family: 'marian', source: 'es', target: 'en' }),
    pack('en-de', { family: 'marian', source: 'en', target: 'de' }),
  ] as Parameters<typeof candidates>[0];

  it('tries the Opus-MT pair, then M2M100, then NLLB, then a pivot through English', () => {
    expect(candidates(packs, 'en', 'de').map((c) => c.engine)).toEqual([
      'opus-mt',
      'm2m100',
      'nllb',
    ]);
    expect(
      candidates(packs, 'es', 'de').map((c) => [c.engine, c.steps.map((s) => s.packId)]),
    ).toEqual([
      ['m2m100', ['m2m']],
      ['nllb', ['nllb']],
      ['opus-mt-pivot', ['es-en', 'en-de']],
    ]);
    expect(candidates(packs, 'en', 'te').map((c) => c.engine)).toEqual(['nllb']);
    const es = candidates(packs, 'es', 'de').find((c) => c.engine === 'm2m100');
    expect(es?.steps[0]).toMatchObject({ sourceCode: 'es', targetCode: 'de' });
    const te = candidates(packs, 'en', 'te')[0];
    expect(te?.steps[0]).toMatchObject({ sourceCode: 'eng_Latn', targetCode: 'tel_Telu' });
  });
});
