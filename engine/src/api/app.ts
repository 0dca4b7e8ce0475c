/**
 * The express application: request id → nosniff → host/origin guard → write gate → /api/v1 (the
 * route table and the removed routes) → the rows' absolute aliases (`/v1/audio/speech`) → the web
 * studio → 404s → the error mapper. Nothing else is mounted.
 */
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';
import { errorMapper } from './middleware/error-mapper.ts';
import { hostGuard } from './middleware/host-guard.ts';
import { requestId } from './middleware/request-id.ts';
import { writeGate } from './middleware/write-gate.ts';
import { registerAliases, registerRemoved, registerRoutes } from './register.ts';
import { removedRoutes, routeTable } from './route-table.ts';
import { findStudioDir, studioRouter } from './studio-static.ts';

export const API_PREFIX = '/api/v1';

/**
 * Every answer is read as the type it declares, never sniffed: a download (a user's upload, a
 * take) must not turn into a page on the engine's origin because its bytes look like HTML.
 */
function noSniff(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
}

export function createApp(services: Services): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Loopback only by default; with a LAN bind the user decides whether a proxy sits in front.
  app.set('trust proxy', false);
  app.use(requestId);
  app.use(noSniff);
  app.use(hostGuard(services.config));
  app.use(writeGate(services.database.writes));

  const api = express.Router({ strict: false });
  registerRoutes(api, routeTable, services);
  registerRemoved(api, removedRoutes);
  api.use((req: Request, _res: Response, next: NextFunction) => {
    next(new AppError('route_not_found', `No route ${req.method} ${API_PREFIX}${req.path}.`));
  });
  app.use(API_PREFIX, api);
  // Routes also served at absolute paths outside /api/v1 (OpenAI-style `/v1/...`).
  const aliases = express.Router({ strict: false });
  registerAliases(aliases, routeTable, services);
  app.use(aliases);

  app.use(studioRouter(findStudioDir()));
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(new AppError('not_found', `Nothing at ${req.path}.`));
  });
  app.use(errorMapper(services.log));
  return app;
}
