/**
 * What the engine knows about the client behind a login, in domain terms (no express): the
 * device fingerprint is the sha256 of the user agent plus the optional browser fingerprint the
 * contract's OAuth rows send (document 1, "Device record").
 */
import { createHash } from 'node:crypto';
import { clientAddress } from '../../../api/client-address.ts';

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

/**
 * One spelling per client (api/client-address.ts): IPv4-mapped addresses as IPv4, and every
 * loopback address as 127.0.0.1, so no client is counted twice however it connects.
 */
export function normalizeIp(ip: string): string {
  return clientAddress(ip);
}

/** No geolocation database ships offline; say what can be said without one. */
export function describeLocation(ip: string): string {
  if (ip === '::1' || ip.startsWith('127.')) return 'This computer';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cd][0-9a-f]{2}:|fe80:)/i.test(ip)) {
    return 'Local network';
  }
  return 'Unknown';
}
