/**
 * GET /health: what a user or script needs to know whether this engine can work — version,
 * uptime, database, ffmpeg, ONNX Runtime and its execution providers, model packs, data dir.
 * No auth: it reveals nothing a local caller could not read from the data folder.
 */
import { z } from 'zod';
import { defineRoute } from '../../api/route.ts';
import { describeInference } from '../../inference/execution-providers.ts';
import type { Services } from '../../services.ts';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_seconds: z.number(),
    profile: z.enum(['local', 'hosted']),
    data_dir: z.string(),
    database: z.object({
      status: z.enum(['ok', 'error']),
      path: z.string(),
      journal_mode: z.string(),
      schema_version: z.string(),
      error: z.string().nullable(),
    }),
    ffmpeg: z.object({
      status: z.enum(['ok', 'missing']),
      path: z.string().nullable(),
      version: z.string().nullable(),
      source: z.string().nullable(),
      error: z.string().nullable(),
      setting_error: z.string().nullable(),
    }),
    onnxruntime: z.object({
      version: z.string(),
      available_providers: z.array(z.string()),
      selected_providers: z.array(z.string()),
      override: z.array(z.string()).nullable(),
    }),
    models: z.object({ installed_packs: z.number().int(), models_dir: z.string().nullable() }),
    jobs: z.object({ queued: z.number().int(), running: z.number().int() }),
  })
  .meta({ id: 'Health' });

function databaseHealth(services: Services) {
  try {
    const mode = services.database.sqlite.pragma('journal_mode', { simple: true });
    services.database.sqlite.prepare('SELECT 1').get();
    return {
      status: 'ok' as const,
      path: services.database.file,
      journal_mode: String(mode),
      schema_version: services.schemaVersion,
      error: null,
    };
  } catch (error) {
    return {
      status: 'error' as const,
      path: services.database.file,
      journal_mode: 'unknown',
      schema_version: services.schemaVersion,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

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
      const database = databaseHealth(services);
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
        jobs: { queued: counts.queued, running: counts.running },
      };
    },
  }),
];
