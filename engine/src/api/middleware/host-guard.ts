/**
 * DNS-rebinding and CSRF protection for a server on localhost. A page on evil.example can make
 * the browser talk to 127.0.0.1 (rebinding), but it cannot fake the Host header, and a
 * cross-site request always carries its own Origin. So: Host must name this machine's loopback
 * (or a LAN name the user configured), and an Origin, when present, must be this server itself.
 * We never send Access-Control-Allow-Origin, so browsers cannot read our answers cross-site.
 */
import type { NextFunction, Request, Response } from 'express';
import type { EngineConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** `host:port` or `[v6]:port` → the host part, lower-cased. */
export function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(0, end + 1);
  }
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

export function allowedHostnames(
  config: Pick<EngineConfig, 'host' | 'lanBind' | 'allowedHosts'>,
): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (config.lanBind) {
    if (config.host !== '0.0.0.0' && config.host !== '::') names.add(config.host.toLowerCase());
    for (const name of config.allowedHosts) names.add(name.toLowerCase());
  }
  return names;
}

export function isAllowedHost(hostHeader: string | undefined, allowed: Set<string>): boolean {
  if (!hostHeader) return false;
  return allowed.has(hostnameOf(hostHeader));
}

/** An Origin is same-site when it is http(s) on an allowed host and the same port we serve. */
export function isAllowedOrigin(origin: string, hostHeader: string, allowed: Set<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the literal "null" origin of sandboxed frames and file:// pages
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!allowed.has(url.hostname.toLowerCase()) && !allowed.has(`[${url.hostname}]`)) return false;
  // Same host AND port as this request: another local server (http://localhost on port 80,
  // say) is a different origin and must not pass.
  return url.host.toLowerCase() === hostHeader.trim().toLowerCase();
}

/** How many times a header occurs in a request as sent (`rawHeaders`: name, value, name, …). */
export function headerCount(rawHeaders: readonly string[], name: string): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === name) count += 1;
  }
  return count;
}

export function hostGuard(config: EngineConfig) {
  const allowed = allowedHostnames(config);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (headerCount(req.rawHeaders, 'host') > 1) {
      // Node keeps the first Host and drops the rest, while a proxy or cache in front may route
      // by another one: a request that names two hosts is ambiguous, so it is refused.
      next(new AppError('bad_request', 'The request has more than one Host header.'));
      return;
    }
    const host = req.get('host');
    if (!isAllowedHost(host, allowed)) {
      next(
        new AppError(
          'host_not_allowed',
          `Host "${host ?? ''}" is not allowed: the engine answers only to loopback names` +
            (config.lanBind ? ' and the configured LAN hosts' : '') +
            ' (DNS-rebinding protection).',
        ),
      );
      return;
    }
    const origin = req.get('origin');
    if (origin !== undefined && !isAllowedOrigin(origin, host ?? '', allowed)) {
      next(
        new AppError(
          'origin_not_allowed',
          `Cross-site requests are refused (Origin "${origin}"). Call the API from a script or the studio.`,
        ),
      );
      return;
    }
    next();
  };
}
