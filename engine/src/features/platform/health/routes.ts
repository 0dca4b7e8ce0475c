/**
 * GET /health: what a user or script needs to know whether this engine can work — version,
 * uptime, database, ffmpeg, ONNX Runtime and its execution providers, model packs, data dir.
 * No credential needed; the absolute paths (data folder, database, ffmpeg, models folder) are
 * shown to the machine's owner only, since any local process and, in the hosted profile, anyone
 * can call it (docs/api/README.md, Health).
 */
import type { Principal } from '../../../api/principal.ts';
import { defineRoute } from '../../../api/route.ts';
import { healthSchema } from './health-schema.ts';
import { describeInference } from '../../../inference/execution-providers.ts';
import { databaseHealth } from '../../../db/database-health.ts';

/** What ffmpeg's messages become for other callers: they name the paths that were tried. */
const HIDDEN_DETAIL = 'details are shown to the machine owner only';

function isOwner(principal: Principal | null): boolean {
  return principal?.kind === 'studio';
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary:
      'Engine health: version, uptime, database, ffmpeg, ONNX Runtime, model packs (paths for the owner)',
    tag: 'health',
    auth: 'none',
    response: healthSchema,
    errors: [],
    handler: ({ principal }, services) => {
      const owner = isOwner(principal);
      const database = databaseHealth(services.database, services.schemaVersion);
      const ffmpeg = services.ffmpeg.health();
      const counts = services.jobRepo.counts();
      const hide = (text: string | null): string | null =>
        owner || text === null ? text : HIDDEN_DETAIL;
      return {
        status:
          database.status === 'ok' && ffmpeg.status === 'ok'
            ? ('ok' as const)
            : ('degraded' as const),
        version: services.config.version,
        uptime_seconds: Math.round((Date.now() - services.startedAt) / 100) / 10,
        profile: services.config.profile,
        data_dir: owner ? services.config.home : null,
        database: { ...database, path: owner ? database.path : null },
        ffmpeg: {
          ...ffmpeg,
          path: owner ? ffmpeg.path : null,
          error: hide(ffmpeg.error),
          setting_error: hide(ffmpeg.setting_error),
        },
        onnxruntime: describeInference(services.config),
        models: {
          installed_packs: services.models.installedPackCount(),
          models_dir: owner ? services.config.modelsDir : null,
        },
        paths_shown: owner,
        capabilities: services.modelManager.capabilities(ffmpeg.status === 'ok'),
        jobs: { queued: counts.queued, running: counts.running },
      };
    },
  }),
];
