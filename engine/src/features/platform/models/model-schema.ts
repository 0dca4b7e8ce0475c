/** Wire shapes of the model manager routes (docs/api/models.md). */
import { z } from 'zod';
import { CAPABILITIES } from '../../../inference/model-capabilities.ts';
import { capabilityListSchema } from './capability-schema.ts';

export const packIdParams = z.object({
  pack_id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a model pack id, e.g. "gtcrn"')
    .max(100),
});

const verificationCheck = z.object({
  method: z
    .enum(['sha256', 'md5', 'size', 'hub-lfs-sha256', 'hub-git-blob', 'archive'])
    .describe(
      'What was compared: a manifest digest, the Hub listing, or the archive it came from.',
    ),
  from: z
    .string()
    .describe('`manifest` (with its evidence URL), the Hub listing URL read, or the archive.'),
  evidence: z.string().nullable().describe("For a third party's digest: its kind."),
});

export const packVerificationSchema = z.object({
  file: z.string(),
  origin: z
    .string()
    .nullable()
    .describe('The URL the bytes came from (mirror included) or the folder.'),
  checks: z.array(verificationCheck),
});

export type PackVerificationView = z.infer<typeof packVerificationSchema>;

export const packViewSchema = z.object({
  id: z.string(),
  task: z.string().describe('What the pack does: tts, denoise, stems, midi, …'),
  capability: z
    .enum(CAPABILITIES)
    .describe('What it lets a user do (the Models page groups by it).'),
  title: z.string(),
  purpose: z.string().nullable().describe('Plain-language sentence for the studio.'),
  description: z.string(),
  version: z.string(),
  licence: z.string(),
  licence_url: z.string().nullable(),
  non_commercial: z
    .boolean()
    .describe('Installing needs accept_licence: true (the studio asks first).'),
  licence_accepted_at: z.string().nullable(),
  requires: z
    .array(z.string())
    .describe('Packs installed with it (they are needed for it to work).'),
  bytes: z.number().int().describe('Download size of the whole pack.'),
  state: z.enum(['installed', 'outdated', 'not_installed']),
  installed_version: z.string().nullable(),
  in_models_dir: z
    .boolean()
    .describe('Every file is in TAPEHOUSE_MODELS_DIR (read-only: not removable here).'),
  ready: z.boolean().describe('Every file resolves: features using this pack can run.'),
  removable: z.boolean().describe('Installed in the data dir, so DELETE applies.'),
  install_job_id: z
    .number()
    .int()
    .nullable()
    .describe('The model_install job installing it now (queued or running), if any.'),
  verification: z
    .array(packVerificationSchema)
    .describe('What the install verified per file, and where the expected values came from.'),
  last_verified: z
    .object({ at: z.string(), ok: z.boolean(), version: z.string() })
    .nullable()
    .describe('The last re-hash of the installed files, forgotten on reinstall or removal.'),
});

export type PackView = z.infer<typeof packViewSchema>;

export const diskSchema = z.object({
  free_bytes: z.number().int().describe("Free on the data folder's disk."),
  reserve_bytes: z.number().int().describe('What every install must leave free.'),
});

export const packListSchema = z.object({
  packs: z.array(packViewSchema),
  capabilities: capabilityListSchema,
  disk: diskSchema,
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
  accept_licence: z
    .boolean()
    .optional()
    .describe("Acknowledges a non-commercial pack's licence (required for those: 400 otherwise)."),
});

export const setupGoals = ['narrate', 'music', 'transcribe', 'all'] as const;

export const setupQuerySchema = z.object({
  goal: z.enum(setupGoals).describe('What the user will do here (the first-run question).'),
});

export const setupSchema = z.object({
  goal: z.enum(setupGoals),
  machine: z.object({
    cores: z.number().int(),
    memory_bytes: z.number().int(),
    gpu: z.boolean(),
  }),
  disk: diskSchema,
  capabilities: capabilityListSchema.describe(
    'The capabilities this goal needs, with their status.',
  ),
  packs: z
    .array(packViewSchema)
    .describe('Recommended packs not yet ready, with what they require, in install order.'),
  bytes: z.number().int().describe('Download size of those packs together.'),
});
