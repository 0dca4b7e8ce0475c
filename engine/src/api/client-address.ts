/**
 * Who a request comes from, for per-client limits and signals (rate limits, CAPTCHA, sign-up
 * caps). Every loopback address is this machine — 127.0.0.0/8 is all loopback on Linux, ::1
 * and ::ffff:127.x reach the same engine — so they are one client, `127.0.0.1`; otherwise a
 * process could get a fresh allowance by binding 127.0.0.11. IPv4-mapped IPv6 addresses count
 * as their IPv4 address, so a dual-stack bind does not double anyone's allowance either.
 */
import { isIP } from 'node:net';

export const LOOPBACK_CLIENT = '127.0.0.1';

export function clientAddress(ip: string): string {
  const address = ip.trim().toLowerCase();
  const v4 =
    address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (v4 === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'))) return LOOPBACK_CLIENT;
  return v4;
}
