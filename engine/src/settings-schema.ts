/**
 * settings.json, the file the studio writes (settings-file.ts): which keys it may hold and
 * reading it. Environment variables still win over it (config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { LLM_SETTINGS } from './llm-config.ts';

/** What the studio may persist in settings.json. Env vars still win over it. */
const settingsSchema = z
  .object({
    ffmpegPath: z.string().min(1).optional(),
    executionProviders: z.array(z.string()).optional(),
    webhooksAllowLoopback: z
      .union([z.boolean(), z.array(z.union([z.number().int(), z.string()]))])
      .optional(),
    webhooksCaFile: z.string().min(1).optional(),
    fetchAllowLoopback: z
      .union([z.boolean(), z.array(z.number().int().min(1).max(65535))])
      .optional(),
    fetchTimeoutSeconds: z.number().int().min(1).max(3600).optional(),
    fetchMaxBytes: z.number().int().min(1).optional(),
    ytDlp: z.string().min(1).optional(),
    ytDlpReleasesUrl: z.string().url().optional(),
    modelMirror: z.string().url().optional(),
    modelDiskReserveMb: z.number().int().min(0).optional(),
    localPlan: z
      .object({
        credits_per_month: z.number().int().min(0),
        daily_limit: z.number().int().min(0),
        stems_tier: z.enum(['basic', 'creator', 'pro']).optional(),
      })
      .strict()
      .optional(),
    creditMultipliers: z.record(z.string(), z.number().int().min(0)).optional(),
    ...LLM_SETTINGS,
    smtpUrl: z.string().optional(),
    allowedHosts: z.array(z.string()).optional(),
    googleClientIds: z.array(z.string().min(1)).optional(),
    googleJwksUrl: z.string().url().optional(),
    githubApiUrl: z.string().url().optional(),
    hostedUrl: z.string().url().optional(),
    credentialStore: z.enum(['auto', 'keychain', 'file']).optional(),
    stripeSuccessUrl: z.string().url().optional(),
    stripeCancelUrl: z.string().url().optional(),
    oauthApps: z
      .object({
        google: z
          .object({
            client_id: z.string().min(1),
            authorize_url: z.string().url().optional(),
            token_url: z.string().url().optional(),
          })
          .strict()
          .optional(),
        github: z
          .object({
            client_id: z.string().min(1),
            authorize_url: z.string().url().optional(),
            token_url: z.string().url().optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;

export function settingsPath(home: string): string {
  return path.join(home, 'settings.json');
}

export function readSettings(home: string): Settings {
  const file = settingsPath(home);
  if (!fs.existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AppError('validation_error', `settings file ${file} is not valid JSON`, {
      cause: error,
    });
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      'validation_error',
      `settings file ${file} is invalid: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}
