/** GET /health's body. Imports only zod: the studio derives its types from it. */
import { z } from 'zod';
import { capabilityListSchema } from '../models/capability-schema.ts';

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
    capabilities: capabilityListSchema.describe(
      'Per capability: ready, needs a pack (which one) or needs configuration. The one source the studio reads.',
    ),
    jobs: z.object({ queued: z.number().int(), running: z.number().int() }),
  })
  .meta({ id: 'Health' });
