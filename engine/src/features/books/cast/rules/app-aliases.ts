/**
 * The app never blocks a merge on an alias it made (issue 28; docs/api/audiobook.md "Cast",
 * `POST .../cast/alias`). Aliases are one level deep (cast-members.ts validateAlias), so a merge
 * of `name` onto `aliasOf` meets three kinds of alias in its way; when speaker detection made
 * them, they give way to the user's merge:
 * - `aliasOf` is itself merged onto another speaker: that alias is released (the user names it
 *   a main speaker), and detection never proposes it again;
 * - `aliasOf` is merged onto `name` (the user reverses the direction): released the same way;
 * - `name` has aliases of its own: they follow it onto `aliasOf`.
 * Aliases the user made stay, and validateAlias answers 400 as before: the user's word wins, on
 * both sides.
 */
import { nameKey } from '../../../../libraries/speaker-attribution/index.ts';

export interface AliasRow {
  /** The name's key, and the main speaker's key it is merged onto. */
  nameKey: string;
  aliasOfKey: string | null;
  aliasSetBy: string | null;
}

export interface AliasMoves<T extends AliasRow> {
  /** Every row as it will be once the moves are made (for validateAlias). */
  after: T[];
  /** The rows that change, with their new alias and who set it. */
  changed: T[];
}

export function appAliasesInTheWay<T extends AliasRow>(
  name: string,
  aliasOf: string | null,
  rows: readonly T[],
): AliasMoves<T> {
  if (aliasOf === null) return { after: [...rows], changed: [] };
  const n = nameKey(name);
  const target = nameKey(aliasOf);
  const detected = (r: T) => r.aliasOfKey !== null && r.aliasSetBy !== 'user';
  const changed: T[] = [];
  const after = rows.map((r) => {
    if (r.nameKey === target && detected(r)) {
      const released = { ...r, aliasOfKey: null, aliasSetBy: 'user' };
      changed.push(released);
      return released;
    }
    if (r.aliasOfKey === n && r.nameKey !== n && r.nameKey !== target && detected(r)) {
      const moved = { ...r, aliasOfKey: target };
      changed.push(moved);
      return moved;
    }
    return r;
  });
  return { after, changed };
}
