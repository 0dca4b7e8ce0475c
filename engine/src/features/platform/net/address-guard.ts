/**
 * Webhook URL safety (document 1, Delivery rules 6; docs/api/webhooks.md, "Address safety").
 * Checked at registration AND before every attempt, resolving DNS each time: the answer is
 * judged address by address and the attempt then connects to exactly the address that was
 * judged (delivery-sender.ts pins it), so a DNS answer that changes between the check and the
 * connection (rebinding) cannot redirect a delivery to an internal address.
 *
 * Receivers must be HTTPS on a public address. In the local profile the machine's owner may
 * open ports on this machine to receivers (TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=8080,9000 or
 * `"webhooksAllowLoopback": [8080, 9000]`; ../../../loopback-ports.ts): then
 * http(s)://127.0.0.1:<port> and http(s)://localhost:<port> are accepted on exactly those ports,
 * and always connect to 127.0.0.1 (localhost is never looked up). Any other local port stays
 * refused, so an API key cannot turn the engine against the machine's other services.
 */
import dns from 'node:dns';
import net from 'node:net';
import { allowsPort, describePorts, urlPort, type PortRange } from '../../../loopback-ports.ts';
import { nonPublicReason } from './ip-ranges.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** A DNS lookup returning every address of a name (tests inject their own). */
export type WebhookLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: WebhookLookup = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export const MAX_URL_LENGTH = 2048;

/** Where an attempt connects: the URL as given, plus the address judged safe. */
export interface DeliveryTarget {
  url: URL;
  /** The host name for TLS (SNI and certificate check) and the Host header. */
  hostname: string;
  address: string;
  family: 4 | 6;
}

export type GuardResult = { ok: true; target: DeliveryTarget } | { ok: false; reason: string };

export interface AddressGuardOptions {
  /** Ports on 127.0.0.1/localhost the owner opened; empty: no loopback receiver. */
  loopbackPorts: readonly PortRange[];
  lookup: WebhookLookup;
}

function refuse(reason: string): GuardResult {
  return { ok: false, reason };
}

const LOOPBACK_HINT =
  'receivers on this machine need their port opened by the owner ' +
  '(TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=<port>)';

export class AddressGuard {
  constructor(private readonly options: AddressGuardOptions) {}

  /** Parses, checks scheme and host, resolves, and judges every address. Never throws. */
  async check(raw: string): Promise<GuardResult> {
    if (raw.length > MAX_URL_LENGTH) return refuse(`the URL is longer than ${MAX_URL_LENGTH}`);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return refuse('it is not a valid absolute URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return refuse(`the scheme must be https, not "${url.protocol.replace(/:$/, '')}"`);
    }
    if (url.username !== '' || url.password !== '') {
      return refuse('credentials in the URL are not accepted (use the signing secret)');
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const loopbackName = hostname === 'localhost' || hostname === '127.0.0.1';
    const opened = this.options.loopbackPorts;
    if (loopbackName && opened.length > 0) {
      const port = urlPort(url);
      if (allowsPort(opened, port)) {
        return { ok: true, target: { url, hostname, address: '127.0.0.1', family: 4 } };
      }
      return refuse(
        `port ${port} on this machine is not open to webhooks (the owner opened ${describePorts(opened)})`,
      );
    }
    if (url.protocol !== 'https:') {
      return refuse(
        loopbackName ? `only https is accepted; ${LOOPBACK_HINT}` : 'only https is accepted',
      );
    }
    if (net.isIP(hostname) !== 0) return this.judge(url, hostname, [hostname]);
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
      return refuse(
        `${hostname} is this machine (loopback receivers are not allowed; ${LOOPBACK_HINT})`,
      );
    }
    let answers: ResolvedAddress[];
    try {
      answers = await this.options.lookup(hostname);
    } catch (error) {
      const code = (error as { code?: string }).code;
      return refuse(`${hostname} does not resolve${code ? ` (${code})` : ''}`);
    }
    if (answers.length === 0) return refuse(`${hostname} does not resolve`);
    return this.judge(
      url,
      hostname,
      answers.map((a) => a.address),
    );
  }

  /** Every address must be public: one private answer refuses the whole name. */
  private judge(url: URL, hostname: string, addresses: string[]): GuardResult {
    for (const address of addresses) {
      const why = nonPublicReason(address);
      if (why) {
        const via = address === hostname ? '' : `${hostname} resolves to ${address}, `;
        return refuse(`${via}${why}: only public addresses may receive webhooks`);
      }
    }
    const address = addresses[0] ?? '';
    return {
      ok: true,
      target: { url, hostname, address, family: net.isIPv6(address) ? 6 : 4 },
    };
  }
}
