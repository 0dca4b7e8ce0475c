/**
 * The engine's one typed configuration. Sources, highest first: explicit overrides (tests,
 * Electron), environment variables (names fixed by the foundation issue: scripts rely on them),
 * the settings file `<home>/settings.json` written by the studio, then built-in defaults.
 */
import os from 'node:os';
import path from 'node:path';
import { AppError } from './errors.ts';
import { parseTestHold } from './jobs/test-hold.ts';
import { parseLoopbackPorts, type LoopbackPorts, type PortRange } from './loopback-ports.ts';
import { loadModelInstallConfig, type ModelInstallConfig } from './model-config.ts';
import { loadLanguageModelConfig, type LanguageModelConfig } from './llm-config.ts';
import {
  isLoopbackHost,
  list,
  nonEmpty,
  parseFetchLoopback,
  positiveInt,
  providerUrl,
  settingsLoopback,
} from './config-values.ts';
import { readSettings, type Settings } from './settings-schema.ts';
import { loadSyncConfig, type SyncConfig } from './sync-config.ts';
import { ENGINE_VERSION } from './version.ts';

// Names callers import from config.ts; each lives in the file that holds its part.
export { isLoopbackHost, parseFetchLoopback, providerUrl } from './config-values.ts';
export { readSettings, settingsPath, type Settings } from './settings-schema.ts';
export {
  DEFAULT_CHECKOUT_CANCEL_URL,
  DEFAULT_CHECKOUT_SUCCESS_URL,
  DEFAULT_HOSTED_URL,
  DEFAULT_OAUTH_ENDPOINTS,
  type CredentialStoreMode,
  type OAuthAppConfig,
  type SyncConfig,
} from './sync-config.ts';

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

export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

/** The per-OS app-data folder, the same place Electron's userData points to. */
export function defaultHome(platform = process.platform, env = process.env): string {
  const home = os.homedir();
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Tapehouse');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Tapehouse');
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'tapehouse');
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
