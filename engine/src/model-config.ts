/**
 * The model installer's settings (docs/api/models.md, "Mirror and disk"): a download mirror for
 * studios behind a firewall (and for tests), and how much disk an install must leave free.
 * Environment variables win over settings.json, as everywhere in config.ts.
 */
import { AppError } from './errors.ts';

export interface ModelInstallConfig {
  /**
   * Base URL every model download goes through: `https://<host>/<path>` is fetched as
   * `<mirror>/<host>/<path>` (the Hub's listings too). null: the public URLs.
   */
  mirror: string | null;
  /** An install must leave at least this many bytes free on the data folder's disk. */
  diskReserveBytes: number;
}

export const DEFAULT_DISK_RESERVE_MB = 500;

/** Settings.json keys this reads (validated by config.ts's settings schema). */
export interface ModelInstallSettings {
  modelMirror?: string | undefined;
  modelDiskReserveMb?: number | undefined;
}

function trimmed(value: string | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** A mirror base: http(s), no query or fragment; any trailing slash dropped. */
export function parseMirror(value: string, name = 'TAPEHOUSE_MODEL_MIRROR'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('validation_error', `${name} must be an http(s) URL, got "${value}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new AppError(
      'validation_error',
      `${name} must be an http(s) base URL without a query or fragment, got "${value}"`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

export function loadModelInstallConfig(
  env: NodeJS.ProcessEnv,
  settings: ModelInstallSettings,
): ModelInstallConfig {
  const mirror = trimmed(env.TAPEHOUSE_MODEL_MIRROR) ?? trimmed(settings.modelMirror);
  const reserveText = trimmed(env.TAPEHOUSE_MODEL_DISK_RESERVE_MB);
  let reserveMb = settings.modelDiskReserveMb ?? DEFAULT_DISK_RESERVE_MB;
  if (reserveText !== null) {
    reserveMb = Number(reserveText);
    if (!Number.isSafeInteger(reserveMb) || reserveMb < 0) {
      throw new AppError(
        'validation_error',
        `TAPEHOUSE_MODEL_DISK_RESERVE_MB must be a whole number of megabytes, got "${reserveText}"`,
      );
    }
  }
  return {
    mirror: mirror === null ? null : parseMirror(mirror),
    diskReserveBytes: reserveMb * 1_000_000,
  };
}
