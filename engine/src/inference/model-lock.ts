/**
 * One install per pack at a time, across processes: the engine's install jobs and
 * `npm run models` share `<home>/models/.locks/<id>.lock` (created exclusively, holding the
 * owner's pid). A lock whose process is gone is stale and taken over, so a crash never blocks a
 * pack for good.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holder(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the pack's lock or throws `conflict`; answers the function that releases it. */
export function lockPack(installRoot: string, packId: string): () => void {
  const dir = path.join(installRoot, '.locks');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${packId}.lock`);
  for (let tries = 0; tries < 2; tries += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = holder(file);
      if (pid !== null && alive(pid)) {
        throw new AppError(
          'conflict',
          `The pack "${packId}" is already being installed${pid === process.pid ? '' : ` by another process (pid ${pid})`}.`,
          { details: { pack: packId, pid } },
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new AppError('conflict', `The pack "${packId}" is already being installed.`, {
    details: { pack: packId },
  });
}
