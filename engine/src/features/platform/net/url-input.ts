/**
 * Fetches a `url` input (POST /midi/convert, POST /denoiser/denoise) into the file store. The engine runs on the
 * user's machine, so a URL is a way to point at a file another local or remote server offers;
 * it must still never become a way to probe the network on the caller's behalf (an API key
 * holder is not necessarily the machine's owner). So the webhook AddressGuard's rules are
 * reused address by address: http or https, no credentials in the URL, every resolved address
 * public, and the connection pinned to the judged address (no DNS rebinding). Loopback
 * (127.0.0.1 / localhost) is allowed only on the ports the owner opened for webhooks
 * (TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=8080,9000; ../../../loopback-ports.ts): the same switch, one
 * rule, until the fetcher gets its own (TAPEHOUSE_FETCH_ALLOW_LOOPBACK, same syntax).
 * Redirects are followed (at most 3), each target judged again; the body is limited to the
 * upload limit and the whole fetch to 60 seconds.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../errors.ts';
import type { EngineConfig } from '../../../config.ts';
import type { FileStore } from '../files/file-store.ts';
import { sanitizeFilename, type StoredFile } from '../files/file-store.ts';
import { allowsPort, describePorts, urlPort, type PortRange } from '../../../loopback-ports.ts';
import { systemLookup, type WebhookLookup } from './address-guard.ts';
import { nonPublicReason } from './ip-ranges.ts';

/** A URL input must deliver within a minute and through at most three redirects. */
export const URL_FETCH_TIMEOUT_MS = 60_000;
export const URL_FETCH_MAX_REDIRECTS = 3;

export interface JudgedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

function refuse(raw: string, reason: string): AppError {
  return new AppError('validation_error', `url is not accepted: ${reason}.`, {
    details: { fields: [{ loc: ['body', 'url'], msg: reason }], url: raw.slice(0, 200) },
  });
}

/** Parses and judges a URL; throws 400 validation_error saying why it is refused. */
export async function judgeUrl(
  raw: string,
  options: { loopbackPorts: readonly PortRange[]; lookup?: WebhookLookup },
): Promise<JudgedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(raw, 'it is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(raw, 'it must start with http:// or https://');
  }
  if (url.username !== '' || url.password !== '')
    throw refuse(raw, 'credentials in the URL are not accepted');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if ((host === 'localhost' || host === '127.0.0.1') && options.loopbackPorts.length > 0) {
    const port = urlPort(url);
    if (!allowsPort(options.loopbackPorts, port)) {
      throw refuse(
        raw,
        `port ${port} on this machine is not open (the owner opened ${describePorts(options.loopbackPorts)})`,
      );
    }
    return { url, address: '127.0.0.1', family: 4 };
  }
  let addresses: string[];
  if (net.isIP(host) !== 0) addresses = [host];
  else if (host === 'localhost' || host.endsWith('.localhost')) {
    throw refuse(raw, `${host} is this machine (loopback sources need the owner's opt-in)`);
  } else {
    try {
      addresses = (await (options.lookup ?? systemLookup)(host)).map((a) => a.address);
    } catch {
      throw refuse(raw, `${host} does not resolve`);
    }
    if (addresses.length === 0) throw refuse(raw, `${host} does not resolve`);
  }
  for (const address of addresses) {
    const why = nonPublicReason(address);
    if (why)
      throw refuse(
        raw,
        `${address === host ? `${address}: ` : `${host} resolves to ${address}, `}${why}`,
      );
  }
  const address = addresses[0]!;
  return { url, address, family: net.isIPv6(address) ? 6 : 4 };
}

function pinned(target: JudgedUrl): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function get(target: JudgedUrl, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const secure = target.url.protocol === 'https:';
    const host = target.url.hostname.replace(/^\[|\]$/g, '');
    const request = (secure ? https : http).request(
      {
        method: 'GET',
        protocol: target.url.protocol,
        hostname: host,
        port: target.url.port === '' ? (secure ? 443 : 80) : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        headers: { 'User-Agent': 'Tapehouse-Engine', Accept: 'audio/*, video/*, */*' },
        lookup: pinned(target),
        agent: false,
        signal,
        ...(secure && !net.isIP(host) ? { servername: host } : {}),
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

function filenameFrom(url: URL, response: http.IncomingMessage): string {
  const disposition = response.headers['content-disposition'] ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const fromHeader = match?.[1] ? decodeURIComponent(match[1]) : '';
  return sanitizeFilename(
    fromHeader || path.posix.basename(decodeURIComponent(url.pathname)) || 'remote-audio',
  );
}

/** Downloads the URL into the caller's files; 400 when refused or the server does not deliver. */
export async function fetchUrlInput(
  deps: { config: EngineConfig; files: FileStore },
  ownerId: string,
  raw: string,
  signal: AbortSignal,
  lookup?: WebhookLookup,
): Promise<StoredFile> {
  const timeout = AbortSignal.timeout(URL_FETCH_TIMEOUT_MS);
  const combined = AbortSignal.any([signal, timeout]);
  const loopbackPorts = deps.config.webhooksLoopbackPorts;
  let current = raw;
  for (let hop = 0; hop <= URL_FETCH_MAX_REDIRECTS; hop++) {
    const target = await judgeUrl(current, { loopbackPorts, lookup });
    let response: http.IncomingMessage;
    try {
      response = await get(target, combined);
    } catch (error) {
      const why = timeout.aborted
        ? `no answer within ${URL_FETCH_TIMEOUT_MS / 1000} s`
        : (error as Error).message;
      throw new AppError('validation_error', `url could not be fetched: ${why}.`, {
        details: { fields: [{ loc: ['body', 'url'], msg: why }] },
      });
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, target.url).toString();
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new AppError(
        'validation_error',
        `url could not be fetched: the server answered ${status}.`,
        {
          details: { fields: [{ loc: ['body', 'url'], msg: `HTTP ${status}` }], status },
        },
      );
    }
    const contentType = (response.headers['content-type'] ?? 'application/octet-stream')
      .split(';')[0]!
      .trim();
    return deps.files.save(
      ownerId,
      response as Readable,
      { contentType, filename: filenameFrom(target.url, response) },
      combined,
    );
  }
  throw new AppError(
    'validation_error',
    `url could not be fetched: more than ${URL_FETCH_MAX_REDIRECTS} redirects.`,
    {
      details: { fields: [{ loc: ['body', 'url'], msg: 'too many redirects' }] },
    },
  );
}
