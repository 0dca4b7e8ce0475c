/**
 * THE route table: every route the engine serves under /api/v1, and the routes the contract
 * removed (answered 410). Express registration, request validation, the auth matrix test and
 * docs/api/openapi.json are all generated from these two lists. A feature adds its rows here.
 */
import { analysisRoutes } from '../features/platform/analysis/routes.ts';
import { audiobookRoutes } from '../features/books/routes.ts';
import { authRoutes } from '../features/accounts/routes.ts';
import { creditRoutes } from '../features/billing/routes.ts';
import { denoiseRoutes } from '../features/cleanup/routes.ts';
import { downloadRoutes } from '../features/platform/downloads/routes.ts';
import { fileRoutes } from '../features/platform/files/routes.ts';
import { healthRoutes } from '../features/platform/health/routes.ts';
import { midiRoutes } from '../features/music/midi/routes.ts';
import { jobRoutes } from '../features/platform/jobs/routes.ts';
import { stemRoutes } from '../features/music/stems/routes.ts';
import { speechRoutes } from '../features/voices/speech/routes.ts';
import { voiceRoutes } from '../features/voices/catalog/routes.ts';
import { webhookRoutes } from '../features/webhooks/routes.ts';
import { removedRoute, type AnyRoute, type RemovedRoute } from './route.ts';

export const routeTable: readonly AnyRoute[] = [
  ...healthRoutes,
  ...jobRoutes,
  ...fileRoutes,
  ...downloadRoutes,
  ...analysisRoutes,
  ...authRoutes,
  ...creditRoutes,
  ...webhookRoutes,
  ...audiobookRoutes,
  ...speechRoutes,
  ...voiceRoutes,
  ...midiRoutes,
  ...denoiseRoutes,
  ...stemRoutes,
];

/** Document 2, "Narration" and "Versioning": replaced by narration/batch. */
export const removedRoutes: readonly RemovedRoute[] = [
  removedRoute(
    'post',
    '/audiobook/projects/{project_id}/narration/start',
    'POST /audiobook/projects/{project_id}/narration/batch',
    'audiobook',
  ),
  removedRoute(
    'post',
    '/audiobook/projects/{project_id}/chapters/{chapter_id}/regenerate',
    'POST /audiobook/projects/{project_id}/narration/batch with chapter_ids and include_completed: true',
    'audiobook',
  ),
];
