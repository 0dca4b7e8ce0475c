/**
 * THE route table: every route the engine serves under /api/v1, and the routes the contract
 * removed (answered 410). Express registration, request validation, the auth matrix test and
 * docs/api/openapi.json are all generated from these two lists. A feature adds its rows here.
 */
import { analysisRoutes } from '../features/analysis/routes.ts';
import { audiobookRoutes } from '../features/audiobook/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { creditRoutes } from '../features/credits/routes.ts';
import { denoiseRoutes } from '../features/denoise/routes.ts';
import { downloadRoutes } from '../features/downloads/routes.ts';
import { fileRoutes } from '../features/files/routes.ts';
import { healthRoutes } from '../features/health/routes.ts';
import { midiRoutes } from '../features/midi/routes.ts';
import { jobRoutes } from '../features/jobs/routes.ts';
import { stemRoutes } from '../features/stems/routes.ts';
import { speechRoutes } from '../features/tts/routes.ts';
import { speechAreaRoutes } from '../features/speech/index.ts';
import { voiceRoutes } from '../features/voices/routes.ts';
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
  ...speechAreaRoutes,
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
