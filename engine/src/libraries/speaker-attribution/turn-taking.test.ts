import { describe, expect, it } from 'vitest';
import { alternate, type TurnEvidence } from './turn-taking.ts';

const N = (name: string): TurnEvidence => ({ kind: 'named', name });
const U: TurnEvidence = { kind: 'unknown' };
const S: TurnEvidence = { kind: 'stop' };
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const run = (turns: TurnEvidence[], rejects = (_k: number, _s: string, _l: string) => false) =>
  alternate(turns, { same, rejects });

describe('alternate', () => {
  it('alternates forward once a pair is known', () => {
    expect(run([N('A'), N('B'), U, U, U])).toEqual([null, null, 'A', 'B', 'A']);
  });

  it('needs two different speakers an odd number of turns apart', () => {
    expect(run([N('A'), U, N('A'), U])).toEqual([null, null, null, null]);
    expect(run([N('A'), U, U, N('B'), U])).toEqual([null, 'B', 'A', null, 'A']);
    expect(run([N('A'), U, N('B'), U])).toEqual([null, null, null, null]);
  });

  it('stops at a stop turn and at a third speaker', () => {
    expect(run([N('A'), N('B'), U, S, U])).toEqual([null, null, 'A', null, null]);
    expect(run([N('A'), N('B'), U, N('C'), U])).toEqual([null, null, null, null, null]);
  });

  it('drops guesses on a parity clash and forgets the pair', () => {
    expect(run([N('A'), N('B'), U, N('B'), U])).toEqual([null, null, 'A', null, 'A']);
    expect(run([N('A'), N('B'), U, N('A'), U])).toEqual([null, null, null, null, null]);
  });

  it('drops every guess since the last named turn when a line is rejected', () => {
    const rejects = (k: number) => k === 3;
    expect(run([N('A'), N('B'), U, U, U], rejects)).toEqual([null, null, null, null, null]);
  });

  it('passes the would-be speaker and listener to rejects', () => {
    const seen: string[] = [];
    run([N('A'), N('B'), U, U], (k, speaker, listener) => {
      seen.push(`${k}:${speaker}->${listener}`);
      return false;
    });
    expect(seen).toEqual(['2:A->B', '3:B->A']);
  });
});
