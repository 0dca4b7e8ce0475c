/**
 * GET /health: what a user or script needs to know whether this engine can work — version,
 * uptime, database, ffmpeg, ONNX Runtime and its execution providers, model packs, data dir.
 * No auth: it reveals nothing a local caller could not read from the data folder.
 */
import { defineRoute } from '../../../api/route.ts';
import { healthSchema } from './health-schema.ts';
import { describeInference } from '../../../inference/execution-providers.ts';
import { databaseHealth } from '../../../db/database-health.ts';

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary:
      'Engine health: version, uptime, database, ffmpeg, ONNX Runtime, model packs, data dir',
    tag: 'health',
    auth: 'none',
    response: healthSchema,
    errors: [],
    handler: (_ctx, services) => {
      const database = databaseHealth(services.database, services.schemaVersion);
      const ffmpeg = services.ffmpeg.health();
      const counts = services.jobRepo.counts();
      return {
        status:
          database.status === 'ok' && ffmpeg.status === 'ok'
            ? ('ok' as const)
            : ('degraded' as const),
        version: services.config.version,
        uptime_seconds: Math.round((Date.now() - services.startedAt) / 100) / 10,
        profile: services.config.profile,
        data_dir: services.config.home,
        database,
        ffmpeg,
        onnxruntime: describeInference(services.config),
        models: {
          installed_packs: services.models.installedPackCount(),
          models_dir: services.config.modelsDir,
        },
        capabilities: services.modelManager.capabilities(ffmpeg.status === 'ok'),
        jobs: { queued: counts.queued, running: counts.running },
      };
    },
  }),
];
