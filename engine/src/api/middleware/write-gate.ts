/**
 * Before a request that may write (any method but GET, HEAD and OPTIONS) reaches its route, the
 * database must be writable: while another process holds SQLite's write lock the request waits
 * for it between timers — the engine keeps serving reads and everything else meanwhile — for at
 * most a few seconds, then answers 503 `database_busy` with `Retry-After`, before its handler has
 * written anything (db/write-access.ts; docs/api/README.md, "A busy database").
 */
import type { NextFunction, Request, Response } from 'express';
import type { WriteAccess } from '../../db/write-access.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function writeGate(writes: WriteAccess) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (READS.has(req.method)) {
      next();
      return;
    }
    const gone = new AbortController();
    const onClose = (): void => gone.abort();
    res.once('close', onClose);
    writes.ready(undefined, gone.signal).then(
      () => {
        res.off('close', onClose);
        next();
      },
      (error: unknown) => {
        res.off('close', onClose);
        next(error);
      },
    );
  };
}
