/**
 * planSpeech over whole real books (TAPEHOUSE_DATA_DIR/books/txt): every paragraph plans, no
 * written character is lost, every chunk maps inside its paragraph, and hard-wrapped lines do
 * not cut sentences.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realData } from '../../../../../test/helpers/requirements.ts';
import { planSpeech } from './speech-plan.ts';

const BOOKS: [string, string][] = [
  ['en_litbank_105_persuasion.txt', 'en'],
  ['en_litbank_11_alices_adventures_in_wonderland.txt', 'en'],
  ['de_kafka_die-verwandlung_pg22367.txt', 'de'],
];

describe('planSpeech on real books', () => {
  const dir = realData('books/txt');

  it.skipIf(!dir).each(BOOKS)('%s', (file, language) => {
    const text = fs.readFileSync(path.join(dir as string, file), 'utf8');
    const paragraphs = text.split(/\n\s*\n/).filter((p) => /[\p{L}\p{N}]/u.test(p));
    let chunks = 0;
    let sentences = 0;
    for (const paragraph of paragraphs) {
      const plan = planSpeech(paragraph, { language, engine: 'espeak', maxChunkLength: 300 });
      let covered = '';
      for (const chunk of plan.chunks) {
        expect(chunk.originalOffset + chunk.originalLength).toBeLessThanOrEqual(paragraph.length);
        expect(chunk.text).not.toMatch(/\n/);
        covered += paragraph.slice(
          chunk.originalOffset,
          chunk.originalOffset + chunk.originalLength,
        );
        if (chunk.startsSentence) sentences += 1;
      }
      chunks += plan.chunks.length;
      // Every letter and digit of the paragraph is in some chunk.
      const letters = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '');
      expect(letters(covered)).toBe(letters(paragraph));
    }
    // Hard-wrapped lines did not become sentences: sentences are far fewer than lines.
    const lines = text.split('\n').filter((l) => l.trim().length >= 40).length;
    expect(sentences).toBeLessThan(lines);
    expect(chunks).toBeGreaterThan(paragraphs.length);
  });
});
