/**
 * Sync: links a studio to the hosted account, its credits and its webhook service
 * (docs/api/sync.md). As a studio it keeps the workstation's session in the OS credential store,
 * forwards job events through a durable outbox, shows the hosted credits, buys on the hosted
 * account and offloads what this machine cannot run. As the hosted service (TAPEHOUSE_PROFILE=
 * hosted) it registers workstations and finishes their browser sign-ins.
 */
import { hostedSyncRoutes } from './hosted-role/hosted-routes.ts';
import { localSyncRoutes } from './routes.ts';

export const syncRoutes = [...localSyncRoutes, ...hostedSyncRoutes];
export { createSyncService as createSync, SyncService } from './sync-service.ts';
export type { SyncDeps } from './sync-deps.ts';
export type { SyncStatus } from './schemas.ts';
