/**
 * What the engine knows about the client behind a login, in domain terms (no express): the
 * device fingerprint is the sha256 of the user agent plus the optional browser fingerprint the
 * contract's OAuth rows send (document 1, "Device record").
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  browserFingerprint: string | null;
  timezone: string | null;
}

export function deviceFingerprint(client: Pick<ClientInfo, 'userAgent' | 'browserFingerprint'>) {
  return createHash('sha256')
    .update(`${client.userAgent}\n${client.browserFingerprint ?? ''}`)
    .digest('hex');
}

/** `::ffff:127.0.0.1` → `127.0.0.1`, so IPv4 clients are counted once however they connect. */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** No geolocation database ships offline; say what can be said without one. */
export function describeLocation(ip: string): string {
  if (ip === '::1' || ip.startsWith('127.')) return 'This computer';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd][0-9a-f]{2}:|fe80:)/i.test(ip)) {
    return 'Local network';
  }
  return 'Unknown';
}
