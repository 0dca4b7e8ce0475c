/**
 * Which URLs the engine fetches on a caller's behalf (media extraction, the article reader,
 * MIDI/denoise/stems `url`, transcription `source_urls`; docs/api/fetching.md). The engine runs
 * on the user's machine, but a caller holding an API key is not necessarily the machine's owner:
 * a URL input must never become a way to probe this machine or its network. So every URL, and
 * every redirect and sub-request, is judged by the webhook rules address by address (ip-ranges.ts):
 * http or https, no credentials in the URL, every resolved address public; the connection is then
 * pinned to the judged address, so a DNS answer that changes in between cannot redirect it.
 *
 * The machine's owner may let URL inputs reach this machine (tests, a local media server) with
 * `TAPEHOUSE_FETCH_ALLOW_LOOPBACK=1`, or only some ports with `=8080,9000`. Loopback then means
 * 127.0.0.1 and `localhost` (never looked up); nothing else private is ever reachable, and the
 * opt-in never applies in the hosted profile.
 */
import net from 'node:net';
import type { EngineConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import { systemLookup, type WebhookLookup } from './address-guard.ts';
import { nonPublicReason } from './ip-ranges.ts';

export interface FetchPolicy {
  /** Loopback targets allowed: none, every port, or these ports. */
  loopback: 'any' | readonly number[] | null;
  lookup: WebhookLookup;
}

/** The policy a config allows: the owner's loopback opt-in, never in the hosted profile. */
export function fetchPolicy(
  config: Pick<EngineConfig, 'profile' | 'fetchAllowLoopback'>,
  lookup: WebhookLookup = systemLookup,
): FetchPolicy {
  return {
    loopback: config.profile === 'hosted' ? null : config.fetchAllowLoopback,
    lookup,
  };
}

export interface JudgedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a URL (or a redirect, or a proxied request) is refused; never thrown past the fetcher. */
export class RefusedUrl extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url.slice(0, 200)} is not fetched: ${reason}`);
  }
}

function defaultPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

function loopbackAllowed(policy: FetchPolicy, port: number): boolean {
  if (policy.loopback === null) return false;
  return policy.loopback === 'any' || policy.loopback.includes(port);
}

/** Parses and judges one URL; throws RefusedUrl saying why it may not be fetched. */
export async function judgeFetchUrl(raw: string, policy: FetchPolicy): Promise<JudgedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl(raw, 'it is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedUrl(raw, 'it must start with http:// or https://');
  if (url.username !== '' || url.password !== '')
    throw new RefusedUrl(raw, 'credentials in the URL are not accepted');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = defaultPort(url);
  if (host === 'localhost' || host === '127.0.0.1') {
    if (loopbackAllowed(policy, port)) return { url, address: '127.0.0.1', family: 4 };
    if (policy.loopback !== null)
      throw new RefusedUrl(raw, `port ${port} of this machine is not in the allowed list`);
  }
  let addresses: string[];
  if (net.isIP(host) !== 0) addresses = [host];
  else if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new RefusedUrl(raw, `${host} is this machine (loopback sources need the owner's opt-in)`);
  } else {
    try {
      addresses = (await policy.lookup(host)).map((a) => a.address);
    } catch {
      throw new RefusedUrl(raw, `${host} does not resolve`);
    }
    if (addresses.length === 0) throw new RefusedUrl(raw, `${host} does not resolve`);
  }
  // One non-public answer refuses the whole name: the resolver may hand out either.
  for (const address of addresses) {
    const why = nonPublicReason(address);
    if (why)
      throw new RefusedUrl(
        raw,
        `${address === host ? `${address}: ` : `${host} resolves to ${address}, `}${why}`,
      );
  }
  const address = addresses[0]!;
  return { url, address, family: net.isIPv6(address) ? 6 : 4 };
}

/** A refusal as the API reports it: 400 validation_error on the named body field. */
export function refusalError(refused: RefusedUrl, field = 'url'): AppError {
  return new AppError('validation_error', `${field} is not accepted: ${refused.reason}.`, {
    details: {
      fields: [{ loc: ['body', field], msg: refused.reason }],
      url: refused.url.slice(0, 200),
      reason: 'refused',
    },
  });
}
