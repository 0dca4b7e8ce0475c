/**
 * Both speaker passes on the annotated corpora in TAPEHOUSE_DATA_DIR (CI: ../shared/data):
 * precision at least 0.90 on every corpus and on both parts of the eval (eval/splits.ts) (rule 6: "when in doubt the line stays with the
 * narrator"; rule 8: "speakers only when confident"). Same numbers as
 * `scripts/eval/attribution.ts`, which documents how they are counted; the recall targets are
 * the eval's.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateAttribution } from '../../../../scripts/eval/attribution.ts';
import { realData } from '../../../../test/helpers/requirements.ts';
import { precision, recall } from './eval/eval-book.ts';

describe('speaker attribution on real annotated books', () => {
  it('keeps precision at or above 0.90 on PDNC, LitBank and fr-litbank, for both passes', () => {
    const dir = realData('books/dialogue_annotations');
    if (dir === null) return;
    const results = evaluateAttribution(path.resolve(dir, '..', '..'));
    const byCorpus = new Map(results.map((r) => [r.corpus, r]));
    for (const corpus of ['pdnc', 'litbank', 'fr-litbank']) {
      const result = byCorpus.get(corpus);
      expect(result?.books.length ?? 0, `${corpus}: no annotated books found`).toBeGreaterThan(0);
      for (const pass of ['instant', 'context'] as const) {
        for (const [part, score] of [
          ['dev', result?.dev[pass]],
          ['held-out', result?.heldOut[pass]],
        ] as const) {
          if (score === undefined) continue;
          console.log(
            `${corpus} ${pass} ${part}: ${score.quotes} quotations, precision ${precision(score).toFixed(3)}, recall ${recall(score).toFixed(3)}`,
          );
          expect(score.attributed, `${corpus} ${pass} ${part}: nothing attributed`).toBeGreaterThan(
            0,
          );
          expect(precision(score), `${corpus} ${pass} ${part} precision`).toBeGreaterThanOrEqual(
            0.9,
          );
        }
      }
    }
  }, 300_000);
});
