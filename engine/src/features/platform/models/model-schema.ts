/** Wire shapes of the model manager routes (docs/api/models.md). */
import { z } from 'zod';

export const packIdParams = z.object({
  pack_id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a model pack id, e.g. "gtcrn"')
    .max(100),
});

export const packViewSchema = z.object({
  id: z.string(),
  task: z.string().describe('What the pack does: tts, denoise, stems, midi, …'),
  title: z.string(),
  description: z.string(),
  version: z.string(),
  licence: z.string(),
  bytes: z.number().int().describe('Download size of the whole pack.'),
  state: z.enum(['installed', 'outdated', 'not_installed']),
  installed_version: z.string().nullable(),
  in_models_dir: z
    .boolean()
    .describe('Every file is in TAPEHOUSE_MODELS_DIR (read-only: not removable here).'),
  ready: z.boolean().describe('Every file resolves: features using this pack can run.'),
  removable: z.boolean().describe('Installed in the data dir, so DELETE applies.'),
  last_verified: z
    .object({ at: z.string(), ok: z.boolean(), version: z.string() })
    .nullable()
    .describe('The last re-hash of the installed files, forgotten on reinstall or removal.'),
});

export const packListSchema = z.object({
  packs: z.array(packViewSchema),
  install_root: z.string().describe('Where packs are installed (<data dir>/models).'),
  models_dir: z.string().nullable().describe('TAPEHOUSE_MODELS_DIR, searched first, or null.'),
});

export const installBodySchema = z.object({
  from: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe('Absolute folder holding the pack files (by manifest path or file name).'),
  force: z.boolean().optional().describe('Reinstall even when installed and intact.'),
});
