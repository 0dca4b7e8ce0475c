/**
 * Readers for one configuration value from the environment or settings.json (config.ts): empty
 * means "not set", malformed values are refused at start with the variable's name rather than
 * silently ignored.
 */
import { AppError } from './errors.ts';

export function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

export function list(value: string | undefined): string[] | null {
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

export function positiveInt(value: string | undefined, name: string): number | null {
  const v = nonEmpty(value);
  if (v === null) return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new AppError('validation_error', `${name} must be a positive integer, got "${v}"`);
  return n;
}

export function settingsLoopback(value: boolean | number[] | undefined): 'any' | number[] | null {
  if (value === true) return 'any';
  return Array.isArray(value) && value.length > 0 ? value : null;
}
