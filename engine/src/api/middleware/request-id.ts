import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * Every response carries X-Request-Id (the contract promises it on 5xx so users can report it).
 * A caller-supplied id is kept when it is short and printable, so scripts can correlate logs.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const supplied = req.get('x-request-id');
  const id = supplied && /^[\w.:-]{1,128}$/.test(supplied) ? supplied : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}
