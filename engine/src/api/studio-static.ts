/**
 * Serves the web studio (the renderer build) at `/`. The page carries no credential: any local
 * process (another OS user on a shared workstation included) can fetch it, so it must give
 * nothing away. The desktop app gets its token from Electron's main process over the preload
 * bridge; a browser signs in with a one-time link (api/studio-sessions.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Response, type Router } from 'express';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** dist/renderer next to the source tree (dev) or next to the built engine (dist/engine). */
export function findStudioDir(override = process.env.TAPEHOUSE_STUDIO_DIR): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    override,
    path.resolve(here, '../../../dist/renderer'),
    path.resolve(here, '../../renderer'),
  ].filter((dir): dir is string => typeof dir === 'string' && dir !== '');
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

export function studioRouter(studioDir: string | null): Router {
  const router = express.Router();
  const sendIndex = (_req: Request, res: Response): void => {
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    if (studioDir === null) {
      res
        .status(503)
        .type('text/plain')
        .send(
          'The web studio is not built. Run `npm run build:renderer` (npm run engine does it for you).',
        );
      return;
    }
    res.type('html').send(fs.readFileSync(path.join(studioDir, 'index.html'), 'utf8'));
  };
  router.get(['/', '/index.html'], sendIndex);
  if (studioDir !== null) {
    router.use(express.static(studioDir, { index: false, fallthrough: true, maxAge: '1h' }));
  }
  return router;
}
