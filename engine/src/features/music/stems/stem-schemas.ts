/**
 * Wire shapes of the stem separation routes (document 3, "Stem separation"; docs/api/stems.md).
 * Imports only zod: the studio derives its types from these.
 */
import { z } from 'zod';

export const planTierSchema = z.enum(['basic', 'creator', 'pro']);
export const stemModeSchema = z.enum([
  'single',
  'two',
  'four',
  'six',
  'producer',
  'studio',
  'mastering',
]);
export const separationTierSchema = z.enum(['neural', 'dsp']);

/** Document 3, "Stem catalog entry". */
export const catalogEntrySchema = z
  .object({
    id: z.string(),
    label: z.string(),
    description: z.string(),
    group: z.enum(['core', 'specialty_vocals', 'instruments']),
    public_tier: planTierSchema,
    allowed: z.boolean(),
    excludable: z.boolean(),
    /** Whether an installed engine can produce it now (native addition). */
    available: z.boolean(),
  })
  .meta({ id: 'StemCatalogEntry' });

export const engineViewSchema = z
  .object({
    id: z.string(),
    tier: separationTierSchema,
    title: z.string(),
    stems: z.array(z.string()),
    /** Plain words for the UI; the DSP tier says it is the lower quality one. */
    quality_note: z.string(),
  })
  .meta({ id: 'StemEngine' });

export const packagesSchema = z
  .object({
    plan_tier: planTierSchema,
    modes: z.array(
      z.object({
        mode: stemModeSchema,
        required_tier: planTierSchema,
        allowed: z.boolean(),
        max_stems: z.number().int(),
        description: z.string(),
        /** Stems the installed engines would deliver for this mode (single: per stem choice). */
        stems: z.array(z.string()),
        /** False when a stem the mode needs has no installed engine (a request is refused). */
        available: z.boolean(),
      }),
    ),
    catalog_stems_allowed: z.array(z.string()),
    engines: z.array(engineViewSchema),
  })
  .meta({ id: 'StemPackages' });

export const priceGroupSchema = z.object({
  id: z.string(),
  label: z.string(),
  credits_per_minute: z.number(),
  usd_per_minute: z.number(),
  stems: z.array(z.string()),
});

export const pricingSchema = z
  .object({
    base_rate_usd_per_minute: z.number(),
    credits_per_usd: z.number(),
    groups: z.array(priceGroupSchema),
    rounding: z.string(),
  })
  .meta({ id: 'StemPricing' });

export const quoteSchema = z
  .object({
    duration_seconds: z.number(),
    billed_seconds: z.number().int(),
    groups: z.array(
      z.object({
        group: z.string(),
        stems: z.array(z.string()),
        credits: z.number(),
        usd: z.number(),
      }),
    ),
    total_credits: z.number().int(),
    total_usd: z.number(),
    outputs: z.array(
      z.object({ stem: z.string(), engine: z.string(), tier: separationTierSchema }),
    ),
    unavailable_stems: z.array(z.string()),
  })
  .meta({ id: 'StemQuote' });

export const stemOutputSchema = z.object({
  stem: z.string(),
  engine: z.string(),
  tier: separationTierSchema,
  group: z.string(),
});

export const stemJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED']),
    progress: z.number().int(),
    stage: z.string().nullable(),
    eta_seconds: z.number().nullable(),
    mode: z.string(),
    stems_requested: z.array(z.string()),
    /** Stem name → presigned URL (COMPLETED only; each status call mints fresh ones). */
    download_urls: z.record(z.string(), z.string()),
    urls_expire_at: z.string().nullable(),
    outputs: z.array(stemOutputSchema),
    /** `dsp` when any stem comes from the lower quality DSP tier, else `neural`. */
    quality_tier: separationTierSchema,
    quality_note: z.string(),
    failed_stems: z.record(z.string(), z.string()).nullable(),
    unavailable_stems: z.array(z.string()),
    duration: z.number().nullable(),
    original_filename: z.string(),
    credits_reserved: z.number().int(),
    credits_charged: z.number().int().nullable(),
    refunded_groups: z.array(z.string()),
    outputs_expired: z.boolean(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    error_message: z.string().nullable(),
  })
  .meta({ id: 'StemJob' });

export const stemJobCreatedSchema = z
  .object({ message: z.string(), job: stemJobSchema })
  .meta({ id: 'StemJobCreated' });

/** The multipart fields of the create routes (documented; read by the service). */
export const extractFieldsSchema = z.object({
  file: z.string().optional().describe('the audio file (multipart file part)'),
  file_key: z.string().optional().describe('or: an uploaded file’s key (POST /files)'),
  url: z.string().optional().describe('not supported on this machine (offline): 400'),
  mode: stemModeSchema.optional(),
  stem: z.string().optional(),
});

export const advancedFieldsSchema = z.object({
  file: z.string().optional(),
  file_key: z.string().optional(),
  url: z.string().optional(),
  single_stem: z.string().optional(),
  exclude_stems: z.string().optional().describe('JSON array with one catalog id'),
});

export const quoteFieldsSchema = z.object({
  file: z.string().optional(),
  file_key: z.string().optional(),
  mode: stemModeSchema.optional(),
  stem: z.string().optional(),
  single_stem: z.string().optional(),
  exclude_stems: z.string().optional(),
});

export const DSP_QUALITY_NOTE =
  'Separated by the embedded DSP separator: the lower quality tier (signal processing, no trained model). Install a neural separator pack for cleaner stems.';
export const NEURAL_QUALITY_NOTE = 'Separated by a neural separation model.';
