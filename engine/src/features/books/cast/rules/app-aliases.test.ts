import { describe, expect, it } from 'vitest';
import { appAliasesInTheWay, type AliasRow } from './app-aliases.ts';
import { validateAlias } from './cast-members.ts';

const row = (nameKey: string, aliasOfKey: string | null, aliasSetBy: string | null): AliasRow => ({
  nameKey,
  aliasOfKey,
  aliasSetBy,
});

/** validateAlias on the rows after the moves, as the cast service runs it. */
function allowed(name: string, aliasOf: string, rows: AliasRow[]): boolean {
  const { after } = appAliasesInTheWay(name, aliasOf, rows);
  const aliases = after
    .filter((r) => r.aliasOfKey !== null)
    .map((r) => ({ name: r.nameKey, alias_of: r.aliasOfKey as string }));
  try {
    validateAlias(name, aliasOf, aliases);
    return true;
  } catch {
    return false;
  }
}

describe('a merge the app’s own aliases would block (issue 28)', () => {
  it('releases a detected alias of the merge target, for good', () => {
    const rows = [row('miss bennet', 'jane', 'detection'), row('jane', null, null)];
    expect(appAliasesInTheWay('Elizabeth', 'Miss Bennet', rows).changed).toEqual([
      row('miss bennet', null, 'user'),
    ]);
    expect(allowed('elizabeth', 'miss bennet', rows)).toBe(true);
  });

  it('lets the user reverse a detected merge', () => {
    const rows = [row('miss bennet', 'jane', 'detection'), row('jane', null, null)];
    expect(allowed('jane', 'miss bennet', rows)).toBe(true);
  });

  it('moves the detected aliases of the merged name onto the new main speaker', () => {
    const rows = [row('mr. darcy', 'darcy', 'detection'), row('darcy', null, null)];
    expect(appAliasesInTheWay('Darcy', 'Fitzwilliam Darcy', rows).changed).toEqual([
      row('mr. darcy', 'fitzwilliam darcy', 'detection'),
    ]);
    expect(allowed('darcy', 'fitzwilliam darcy', rows)).toBe(true);
  });

  it('keeps the user’s own aliases: those still answer 400', () => {
    const rows = [row('miss bennet', 'jane', 'user'), row('mr. darcy', 'darcy', 'user')];
    expect(appAliasesInTheWay('Elizabeth', 'Miss Bennet', rows).changed).toEqual([]);
    expect(allowed('elizabeth', 'miss bennet', rows)).toBe(false);
    expect(allowed('darcy', 'fitzwilliam darcy', rows)).toBe(false);
  });
});
