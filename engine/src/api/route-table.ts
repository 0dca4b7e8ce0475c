/**
 * THE route table: every route the engine serves under /api/v1, and the routes the contract
 * removed (answered 410). Express registration, request validation, the auth matrix test and
 * docs/api/openapi.json are all generated from these two lists. Each product area exports its
 * rows from its index.ts; this table only concatenates them.
 */
import { accountsRoutes } from '../features/accounts/index.ts';
import { billingRoutes } from '../features/billing/index.ts';
import { booksRoutes } from '../features/books/index.ts';
import { cleanupRoutes } from '../features/cleanup/index.ts';
import { languageRoutes } from '../features/language/index.ts';
import { musicRoutes } from '../features/music/index.ts';
import { platformRoutes } from '../features/platform/index.ts';
import { speechAreaRoutes } from '../features/speech/index.ts';
import { syncRoutes } from '../features/sync/index.ts';
import { translationAreaRoutes } from '../features/translation/index.ts';
import { dubbingRoutes } from '../features/dubbing/index.ts';
import { voicesRoutes } from '../features/voices/index.ts';
import { webRoutes } from '../features/web/index.ts';
import { webhookRoutes } from '../features/webhooks/index.ts';
import { removedRoute, type AnyRoute, type RemovedRoute } from './route.ts';

export const routeTable: readonly AnyRoute[] = [
  ...platformRoutes,
  ...accountsRoutes,
  ...billingRoutes,
  ...webhookRoutes,
  ...languageRoutes,
  ...booksRoutes,
  ...voicesRoutes,
  ...speechAreaRoutes,
  ...translationAreaRoutes,
  ...dubbingRoutes,
  ...musicRoutes,
  ...cleanupRoutes,
  ...webRoutes,
  ...syncRoutes,
];

/**
 * Document 2, "Narration" and "Versioning": replaced by narration/batch. And our own
 * `POST /sync/devices`, which let an API key open a device session: a key never mints sessions
 * (docs/api/scopes.md), so a workstation links with a session (docs/api/sync.md, "Link").
 */
export const removedRoutes: readonly RemovedRoute[] = [
  removedRoute(
    'post',
    '/sync/devices',
    'POST /auth/token (e-mail and password) or the browser sign-in (POST /sync/oauth/{provider}/exchange)',
    'sync',
  ),
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
