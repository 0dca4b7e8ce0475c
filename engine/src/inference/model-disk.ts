/**
 * The free-disk check an install makes before it downloads anything (docs/api/models.md, "Mirror
 * and disk"): the bytes still to fetch, plus what archives unpack to, must fit on the data
 * folder's disk with the configured reserve left over. Failing it is 507 `insufficient_storage`,
 * answered by the install route before a job is queued, and again by the job once the Hub's
 * listings gave every size.
 */
import fs from 'node:fs';
import { AppError } from '../errors.ts';
import { formatBytes } from './install-progress.ts';

/** Bytes free to an unprivileged user on the disk holding `dir` (its nearest existing parent). */
export function freeBytes(dir: string): number {
  let target = dir;
  while (!fs.existsSync(target)) {
    const parent = target.replace(/[/\\][^/\\]*$/, '');
    if (parent === target || parent === '') break;
    target = parent;
  }
  const stats = fs.statfsSync(target);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** Throws insufficient_storage unless `needed` bytes fit in `dir` with `reserve` left free. */
export function checkDiskSpace(
  dir: string,
  needed: number,
  reserve: number,
  what: string,
): { free: number } {
  const free = freeBytes(dir);
  if (free - needed >= reserve) return { free };
  throw new AppError(
    'insufficient_storage',
    `Not enough free disk space to install ${what}: it needs ${formatBytes(needed)} and ` +
      `${formatBytes(reserve)} must stay free, but only ${formatBytes(free)} is available. ` +
      'Free some space and try again.',
    { details: { needed_bytes: needed, free_bytes: free, reserve_bytes: reserve, path: dir } },
  );
}
