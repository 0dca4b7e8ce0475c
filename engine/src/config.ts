/**
 * The engine's one typed configuration. Sources, highest first: explicit overrides (tests,
 * Electron), environment variables (names fixed by the foundation issue: scripts rely on them),
 * the settings file `<home>/settings.json` written by the studio, then built-in defaults.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { parseTestHold } from './jobs/test-hold.ts';
import { parseLoopbackPorts, type LoopbackPorts, type PortRange } from './loopback-ports.ts';
import { loadModelInstallConfig, type ModelInstallConfig } from './model-config.ts';
import { LLM_SETTINGS, loadLanguageModelConfig, type LanguageModelConfig } from './llm-config.ts';
import { ENGINE_VERSION } from './version.ts';

export const DEFAULT_PORT = 7341;
export const DEFAULT_HOST = '127.0.0.1';

export type Profile = 'local' | 'hosted';

export interface EngineConfig {
  version: string;
  /** Data dir: database, files, installed model packs, outbox, logs. */
  home: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  profile: Profile;
  /** Extra model folder searched before the installed packs (CI: ../shared/models). */
  modelsDir: string | null;
  /** The model installer's mirror and disk reserve (model-config.ts). */
  modelInstall: ModelInstallConfig;
  /** Eval and test data (CI: ../shared/data). */
  dataDir: string | null;
  smtpUrl: string | null;
  /**
   * Ports on this machine webhook receivers may use (local profile; TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK,
   * `webhooksAllowLoopback` in settings.json). Empty: no loopback receiver (loopback-ports.ts).
   */
  webhooksLoopbackPorts: PortRange[];
  /** Extra CA certificate (PEM file) trusted for webhook receivers, e.g. a self-signed test one. */
  webhooksCaFile: string | null;
  /**
   * URL inputs (media extraction, the article reader, MIDI/denoise/stems `url`, transcription
   * `source_urls`) may reach this machine: null = never (default), `any` = every port,
   * else only these ports. Local profile only: ignored in `hosted` (platform/net/fetch-policy.ts).
   */
  fetchAllowLoopback: 'any' | number[] | null;
  /** Limits of one URL fetch (whole transfer): seconds and bytes. */
  fetchTimeoutSeconds: number;
  fetchMaxBytes: number;
  /**
   * Which yt-dlp extracts media: `auto` (the installed tool pack, else a system yt-dlp on PATH),
   * `pack`, `system`, or an absolute path to a yt-dlp binary.
   */
  ytDlp: string;
  /** Where yt-dlp releases are read from (https, or http to this machine only: tests). */
  ytDlpReleasesUrl: string;
  /** The Local plan's allowance set by the machine owner (null: built-in defaults). */
  localPlan: {
    creditsPerMonth: number;
    dailyLimit: number;
    stemsTier?: 'basic' | 'creator' | 'pro';
  } | null;
  /** Owner overrides of the credit cost table (features/billing/credit-defaults.ts). */
  creditMultipliers: Record<string, number>;
  /** An OpenAI-compatible chat endpoint (`POST {llmUrl}/chat/completions`), e.g. `http://127.0.0.1:8080/v1`. */
  llmUrl: string | null;
  /** Model name sent to it; null: the first model its `GET {llmUrl}/models` lists. */
  llmModel: string | null;
  /** Seconds one chat answer may take before the endpoint is taken as stuck (a CPU model is slow). */
  llmTimeoutSeconds: number;
  /** Which language model answers and how the embedded one runs (llm-config.ts). */
  llm: LanguageModelConfig;
  /** User's ffmpeg override; the first candidate tried by the audio core. */
  ffmpegPath: string | null;
  /** ONNX Runtime execution providers the user forces (e.g. ["cpu"]); null = choose. */
  executionProviders: string[] | null;
  /** True when the user bound a non-loopback address on purpose (LAN studio). */
  lanBind: boolean;
  /** Extra Host names accepted by the host guard when lanBind is on. */
  allowedHosts: string[];
  /** Concurrency per job resource; inference defaults to 1 on small machines. */
  concurrency: { inference: number; ffmpeg: number; io: number };
  /**
   * OAuth client ids a Google `id_token` may be issued to (its `aud`). Empty: Google sign-in is
   * refused with 503 until TAPEHOUSE_GOOGLE_CLIENT_ID is set (docs/api/auth.md, OAuth).
   */
  googleClientIds: string[];
  /** Where Google's signing keys (a JWKS) are fetched from. */
  googleJwksUrl: string;
  /** GitHub's REST API base; tokens are confirmed with GET <githubApiUrl>/user. */
  githubApiUrl: string;
  /** Sync (features/sync; docs/api/sync.md): the hosted service, tokens, payments, OAuth apps. */
  sync: SyncConfig;
  /** Settings the engine read but ignored, with what to do instead; logged at start. */
  notices: string[];
  /** TEST-ONLY job types held after their work (TAPEHOUSE_TEST_HOLD_JOBS; jobs/test-hold.ts). */
  testHoldJobs: string[] | null;
}

export const DEFAULT_YTDLP_RELEASES_URL = 'https://github.com/yt-dlp/yt-dlp/releases';
export const DEFAULT_FETCH_TIMEOUT_SECONDS = 60;
/** One chat answer may take a while on a laptop CPU; beyond this the endpoint is taken as stuck. */
export const DEFAULT_LLM_TIMEOUT_SECONDS = 180;
export const DEFAULT_FETCH_MAX_BYTES = 2 * 1024 ** 3;
/** Where a linked studio keeps its hosted tokens: the OS store if reachable, else a 0600 file. */
export type CredentialStoreMode = 'auto' | 'keychain' | 'file';

/** An OAuth app the hosted service signs workstations in with (system browser, loopback). */
export interface OAuthAppConfig {
  clientId: string;
  /** Kept by the hosted service only: it exchanges the code, so no studio ever holds it. */
  clientSecret: string | null;
  authorizeUrl: string;
  tokenUrl: string;
}

export interface SyncConfig {
  /** Base URL of the hosted service (without /api/v1): https, or http to this machine (tests). */
  hostedUrl: string;
  credentialStore: CredentialStoreMode;
  /** Hosted profile: Stripe for pay-as-you-go checkout; null: no payment provider. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Stripe's API base; tests point it at a local server speaking the API's shape. */
    apiUrl: string | null;
    successUrl: string;
    cancelUrl: string;
  } | null;
  /** Hosted profile: OAuth apps for workstation sign-in; null: that provider is not offered. */
  oauthApps: { google: OAuthAppConfig | null; github: OAuthAppConfig | null };
}

export const DEFAULT_HOSTED_URL = 'https://api.tapehouse.app';
export const DEFAULT_CHECKOUT_SUCCESS_URL = 'https://tapehouse.app/credits/thanks';
export const DEFAULT_CHECKOUT_CANCEL_URL = 'https://tapehouse.app/credits';
export const DEFAULT_OAUTH_ENDPOINTS = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
  },
} as const;

export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

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

/** The per-OS app-data folder, the same place Electron's userData points to. */
export function defaultHome(platform = process.platform, env = process.env): string {
  const home = os.homedir();
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Tapehouse');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Tapehouse');
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'tapehouse');
}

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

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new AppError(
      'validation_error',
      `TAPEHOUSE_PORT must be an integer 0-65535, got "${value}"`,
    );
  }
  return port;
}

function parseProfile(value: string | undefined): Profile {
  if (value === undefined || value === '' || value === 'local') return 'local';
  if (value === 'hosted') return 'hosted';
  throw new AppError(
    'validation_error',
    `TAPEHOUSE_PROFILE must be "local" or "hosted", got "${value}"`,
  );
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function list(value: string | undefined): string[] | null {
  const v = nonEmpty(value);
  return v === null
    ? null
    : v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

export function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/**
 * A provider URL the engine trusts for identity (signing keys, token checks): HTTPS, or plain
 * HTTP to this machine only (tests and local stand-ins). Plain HTTP across a network would let
 * anyone on the path substitute keys and sign in as anybody.
 */
export function providerUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('validation_error', `${name} must be a URL, got "${value}"`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(host))) {
    throw new AppError(
      'validation_error',
      `${name} must use https (plain http only to this machine), got "${value}"`,
    );
  }
  return value;
}

/**
 * `TAPEHOUSE_FETCH_ALLOW_LOOPBACK`: `1` (every port) or a comma-separated port list
 * (`8080,9000`); anything else is refused at start rather than silently ignored.
 */
export function parseFetchLoopback(
  value: string | undefined,
  name = 'TAPEHOUSE_FETCH_ALLOW_LOOPBACK',
): 'any' | number[] | null {
  const v = nonEmpty(value);
  if (v === null || v === '0') return null;
  if (v === '1') return 'any';
  const ports = v.split(',').map((part) => Number(part.trim()));
  if (ports.some((port) => !Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new AppError(
      'validation_error',
      `${name} must be 1 or a comma-separated list of ports (1-65535), got "${v}"`,
    );
  }
  return ports;
}

function positiveInt(value: string | undefined, name: string): number | null {
  const v = nonEmpty(value);
  if (v === null) return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new AppError('validation_error', `${name} must be a positive integer, got "${v}"`);
  return n;
}

function settingsLoopback(value: boolean | number[] | undefined): 'any' | number[] | null {
  if (value === true) return 'any';
  return Array.isArray(value) && value.length > 0 ? value : null;
}

function credentialStoreMode(value: string | null): CredentialStoreMode | null {
  if (value === null) return null;
  if (value === 'auto' || value === 'keychain' || value === 'file') return value;
  throw new AppError(
    'validation_error',
    `TAPEHOUSE_CREDENTIAL_STORE must be "auto", "keychain" or "file", got "${value}"`,
  );
}

/**
 * Sync's settings. The hosted URL must be https (plain http only to this machine, where tests run
 * the hosted engine): tokens and passwords travel to it. Payment and OAuth secrets come from the
 * environment only, never settings.json, and only a hosted engine uses them.
 */
function loadSyncConfig(env: NodeJS.ProcessEnv, settings: Settings): SyncConfig {
  const oauthApp = (
    provider: 'google' | 'github',
    clientId: string | null,
    fromSettings:
      { authorize_url?: string | undefined; token_url?: string | undefined } | undefined,
  ): OAuthAppConfig | null => {
    if (clientId === null) return null;
    const upper = provider.toUpperCase();
    const defaults = DEFAULT_OAUTH_ENDPOINTS[provider];
    return {
      clientId,
      clientSecret: nonEmpty(env[`TAPEHOUSE_${upper}_CLIENT_SECRET`]),
      authorizeUrl: providerUrl(
        nonEmpty(env[`TAPEHOUSE_${upper}_AUTHORIZE_URL`]) ??
          fromSettings?.authorize_url ??
          defaults.authorizeUrl,
        `TAPEHOUSE_${upper}_AUTHORIZE_URL`,
      ),
      tokenUrl: providerUrl(
        nonEmpty(env[`TAPEHOUSE_${upper}_TOKEN_URL`]) ??
          fromSettings?.token_url ??
          defaults.tokenUrl,
        `TAPEHOUSE_${upper}_TOKEN_URL`,
      ),
    };
  };
  const stripeKey = nonEmpty(env.TAPEHOUSE_STRIPE_SECRET_KEY);
  const stripeApiUrl = nonEmpty(env.TAPEHOUSE_STRIPE_API_URL);
  return {
    hostedUrl: providerUrl(
      nonEmpty(env.TAPEHOUSE_HOSTED_URL) ?? settings.hostedUrl ?? DEFAULT_HOSTED_URL,
      'TAPEHOUSE_HOSTED_URL',
    ).replace(/\/+$/, ''),
    credentialStore:
      credentialStoreMode(nonEmpty(env.TAPEHOUSE_CREDENTIAL_STORE)) ??
      settings.credentialStore ??
      'auto',
    stripe:
      stripeKey === null
        ? null
        : {
            secretKey: stripeKey,
            webhookSecret: nonEmpty(env.TAPEHOUSE_STRIPE_WEBHOOK_SECRET) ?? '',
            apiUrl:
              stripeApiUrl === null ? null : providerUrl(stripeApiUrl, 'TAPEHOUSE_STRIPE_API_URL'),
            successUrl: settings.stripeSuccessUrl ?? DEFAULT_CHECKOUT_SUCCESS_URL,
            cancelUrl: settings.stripeCancelUrl ?? DEFAULT_CHECKOUT_CANCEL_URL,
          },
    oauthApps: {
      google: oauthApp(
        'google',
        nonEmpty(env.TAPEHOUSE_GOOGLE_WEB_CLIENT_ID) ??
          settings.oauthApps?.google?.client_id ??
          null,
        settings.oauthApps?.google,
      ),
      github: oauthApp(
        'github',
        nonEmpty(env.TAPEHOUSE_GITHUB_CLIENT_ID) ?? settings.oauthApps?.github?.client_id ?? null,
        settings.oauthApps?.github,
      ),
    },
  };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<EngineConfig> = {},
): EngineConfig {
  const home = path.resolve(overrides.home ?? nonEmpty(env.TAPEHOUSE_HOME) ?? defaultHome());
  const settings = readSettings(home);
  const host = overrides.host ?? nonEmpty(env.TAPEHOUSE_HOST) ?? DEFAULT_HOST;
  const cpuCount = Math.max(1, os.availableParallelism());
  const resolveDir = (value: string | null): string | null =>
    value === null ? null : path.resolve(value);
  const loopback = loadWebhookLoopback(env, settings);
  return {
    version: ENGINE_VERSION,
    home,
    host,
    port: overrides.port ?? parsePort(env.TAPEHOUSE_PORT),
    profile: overrides.profile ?? parseProfile(env.TAPEHOUSE_PROFILE),
    modelsDir: overrides.modelsDir ?? resolveDir(nonEmpty(env.TAPEHOUSE_MODELS_DIR)),
    modelInstall: overrides.modelInstall ?? loadModelInstallConfig(env, settings),
    dataDir: overrides.dataDir ?? resolveDir(nonEmpty(env.TAPEHOUSE_DATA_DIR)),
    smtpUrl: overrides.smtpUrl ?? nonEmpty(env.TAPEHOUSE_SMTP_URL) ?? settings.smtpUrl ?? null,
    webhooksLoopbackPorts: overrides.webhooksLoopbackPorts ?? loopback.ranges,
    webhooksCaFile:
      overrides.webhooksCaFile ??
      resolveDir(nonEmpty(env.TAPEHOUSE_WEBHOOKS_CA_FILE)) ??
      // A relative path in settings.json is relative to the data folder holding it.
      (settings.webhooksCaFile ? path.resolve(home, settings.webhooksCaFile) : null),
    fetchAllowLoopback:
      overrides.fetchAllowLoopback !== undefined
        ? overrides.fetchAllowLoopback
        : (parseFetchLoopback(env.TAPEHOUSE_FETCH_ALLOW_LOOPBACK) ??
          settingsLoopback(settings.fetchAllowLoopback)),
    fetchTimeoutSeconds:
      overrides.fetchTimeoutSeconds ??
      positiveInt(env.TAPEHOUSE_FETCH_TIMEOUT_SECONDS, 'TAPEHOUSE_FETCH_TIMEOUT_SECONDS') ??
      settings.fetchTimeoutSeconds ??
      DEFAULT_FETCH_TIMEOUT_SECONDS,
    fetchMaxBytes:
      overrides.fetchMaxBytes ??
      positiveInt(env.TAPEHOUSE_FETCH_MAX_BYTES, 'TAPEHOUSE_FETCH_MAX_BYTES') ??
      settings.fetchMaxBytes ??
      DEFAULT_FETCH_MAX_BYTES,
    ytDlp: overrides.ytDlp ?? nonEmpty(env.TAPEHOUSE_YTDLP) ?? settings.ytDlp ?? 'auto',
    ytDlpReleasesUrl: providerUrl(
      overrides.ytDlpReleasesUrl ??
        nonEmpty(env.TAPEHOUSE_YTDLP_RELEASES_URL) ??
        settings.ytDlpReleasesUrl ??
        DEFAULT_YTDLP_RELEASES_URL,
      'TAPEHOUSE_YTDLP_RELEASES_URL',
    ),
    localPlan:
      overrides.localPlan ??
      (settings.localPlan
        ? {
            creditsPerMonth: settings.localPlan.credits_per_month,
            dailyLimit: settings.localPlan.daily_limit,
            ...(settings.localPlan.stems_tier && { stemsTier: settings.localPlan.stems_tier }),
          }
        : null),
    creditMultipliers: overrides.creditMultipliers ?? settings.creditMultipliers ?? {},
    llmUrl: overrides.llmUrl ?? nonEmpty(env.TAPEHOUSE_LLM_URL) ?? settings.llmUrl ?? null,
    llmModel: overrides.llmModel ?? nonEmpty(env.TAPEHOUSE_LLM_MODEL) ?? settings.llmModel ?? null,
    llmTimeoutSeconds:
      overrides.llmTimeoutSeconds ??
      positiveInt(env.TAPEHOUSE_LLM_TIMEOUT_SECONDS, 'TAPEHOUSE_LLM_TIMEOUT_SECONDS') ??
      settings.llmTimeoutSeconds ??
      DEFAULT_LLM_TIMEOUT_SECONDS,
    llm: overrides.llm ?? loadLanguageModelConfig(env, settings),
    ffmpegPath:
      overrides.ffmpegPath ?? nonEmpty(env.TAPEHOUSE_FFMPEG) ?? settings.ffmpegPath ?? null,
    executionProviders:
      overrides.executionProviders ??
      list(env.TAPEHOUSE_EXECUTION_PROVIDERS) ??
      settings.executionProviders ??
      null,
    lanBind: overrides.lanBind ?? !isLoopbackHost(host),
    allowedHosts:
      overrides.allowedHosts ?? list(env.TAPEHOUSE_ALLOWED_HOSTS) ?? settings.allowedHosts ?? [],
    concurrency:
      overrides.concurrency ??
      parseConcurrency(env.TAPEHOUSE_CONCURRENCY, {
        inference: 1,
        ffmpeg: Math.max(1, Math.min(4, cpuCount - 1)),
        io: 4,
      }),
    googleClientIds:
      overrides.googleClientIds ??
      list(env.TAPEHOUSE_GOOGLE_CLIENT_ID) ??
      settings.googleClientIds ??
      [],
    googleJwksUrl: providerUrl(
      overrides.googleJwksUrl ??
        nonEmpty(env.TAPEHOUSE_GOOGLE_JWKS_URL) ??
        settings.googleJwksUrl ??
        DEFAULT_GOOGLE_JWKS_URL,
      'TAPEHOUSE_GOOGLE_JWKS_URL',
    ),
    githubApiUrl: providerUrl(
      overrides.githubApiUrl ??
        nonEmpty(env.TAPEHOUSE_GITHUB_API_URL) ??
        settings.githubApiUrl ??
        DEFAULT_GITHUB_API_URL,
      'TAPEHOUSE_GITHUB_API_URL',
    ),
    sync: overrides.sync ?? loadSyncConfig(env, settings),
    notices: overrides.notices ?? (loopback.notice === null ? [] : [loopback.notice]),
    testHoldJobs:
      overrides.testHoldJobs ??
      parseTestHold(
        env.TAPEHOUSE_TEST_HOLD_JOBS,
        overrides.profile ?? parseProfile(env.TAPEHOUSE_PROFILE),
      ),
  };
}

type Concurrency = EngineConfig['concurrency'];

/**
 * TAPEHOUSE_CONCURRENCY=inference=2,ffmpeg=4,io=8: jobs run at once per resource (the worker
 * pool has `inference` threads). Unnamed resources keep their defaults.
 */
export function parseConcurrency(value: string | undefined, defaults: Concurrency): Concurrency {
  const text = nonEmpty(value);
  if (text === null) return defaults;
  const out = { ...defaults };
  for (const item of text.split(',')) {
    const [name = '', count = ''] = item.split('=').map((part) => part.trim());
    const n = Number(count);
    if (!(name in out) || !/^\d+$/.test(count) || n < 1 || n > 64) {
      throw new AppError(
        'validation_error',
        `TAPEHOUSE_CONCURRENCY: "${item.trim()}" is not <inference|ffmpeg|io>=<1-64>.`,
      );
    }
    out[name as keyof Concurrency] = n;
  }
  return out;
}

/** The environment wins over settings.json; an empty variable defers to the file. */
function loadWebhookLoopback(env: NodeJS.ProcessEnv, settings: Settings): LoopbackPorts {
  const fromEnv = nonEmpty(env.TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK);
  if (fromEnv !== null) return parseLoopbackPorts(fromEnv, 'TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK');
  return parseLoopbackPorts(
    settings.webhooksAllowLoopback,
    'webhooksAllowLoopback (settings.json)',
  );
}
