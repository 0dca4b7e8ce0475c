import { describe, expect, it } from 'vitest';
import { interleaveByOwner } from './delivery-scheduler.ts';

describe('interleaveByOwner', () => {
  it('takes one row per owner in turn, keeping each owner’s order', () => {
    const rows = ['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'c2'].map((id) => ({
      id,
      ownerId: id[0] ?? '',
    }));
    expect(interleaveByOwner(rows).map((r) => r.id)).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'c2',
      'a3',
      'a4',
    ]);
    expect(interleaveByOwner([])).toEqual([]);
  });
});
