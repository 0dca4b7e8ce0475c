/**
 * Which IP addresses a webhook may be sent to (document 1, Delivery rules 6: "URLs that resolve
 * to private, loopback or internal addresses are refused"). Pure functions over parsed bytes, so
 * every spelling of an address (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `0:0:0:0:0:0:0:1`) is
 * judged by what it is, not how it is written. Ranges: IANA special-purpose registries (RFC 6890
 * and successors).
 */
import net from 'node:net';

type Range = readonly [prefix: readonly number[], bits: number, why: string];

/** Non-public IPv4 ranges, as [octets, prefix length, reason]. */
const V4_BLOCKED: readonly Range[] = [
  [[0, 0, 0, 0], 8, 'the "this network" range 0.0.0.0/8'],
  [[10, 0, 0, 0], 8, 'a private address (10.0.0.0/8)'],
  [[100, 64, 0, 0], 10, 'a carrier-grade NAT address (100.64.0.0/10)'],
  [[127, 0, 0, 0], 8, 'a loopback address (127.0.0.0/8)'],
  [[169, 254, 0, 0], 16, 'a link-local address (169.254.0.0/16)'],
  [[172, 16, 0, 0], 12, 'a private address (172.16.0.0/12)'],
  [[192, 0, 0, 0], 24, 'an IETF protocol address (192.0.0.0/24)'],
  [[192, 0, 2, 0], 24, 'a documentation address (192.0.2.0/24)'],
  [[192, 88, 99, 0], 24, 'a 6to4 relay address (192.88.99.0/24)'],
  [[192, 168, 0, 0], 16, 'a private address (192.168.0.0/16)'],
  [[198, 18, 0, 0], 15, 'a benchmarking address (198.18.0.0/15)'],
  [[198, 51, 100, 0], 24, 'a documentation address (198.51.100.0/24)'],
  [[203, 0, 113, 0], 24, 'a documentation address (203.0.113.0/24)'],
  [[224, 0, 0, 0], 4, 'a multicast address (224.0.0.0/4)'],
  [[240, 0, 0, 0], 4, 'a reserved or broadcast address (240.0.0.0/4)'],
];

/** Non-public IPv6 ranges, as [16 bytes, prefix length, reason]. */
const V6_BLOCKED: readonly Range[] = [
  [bytes6('::'), 128, 'the unspecified address ::'],
  [bytes6('::1'), 128, 'the loopback address ::1'],
  [bytes6('::'), 96, 'an IPv4-compatible address (::/96)'],
  [bytes6('64:ff9b:1::'), 48, 'a local NAT64 address (64:ff9b:1::/48)'],
  [bytes6('100::'), 64, 'a discard-only address (100::/64)'],
  [bytes6('2001::'), 32, 'a Teredo address (2001::/32)'],
  [bytes6('2001:10::'), 28, 'an ORCHID address (2001:10::/28)'],
  [bytes6('2001:20::'), 28, 'an ORCHIDv2 address (2001:20::/28)'],
  [bytes6('2001:db8::'), 32, 'a documentation address (2001:db8::/32)'],
  [bytes6('3fff::'), 20, 'a documentation address (3fff::/20)'],
  [bytes6('5f00::'), 16, 'a segment-routing address (5f00::/16)'],
  [bytes6('fc00::'), 7, 'a unique-local address (fc00::/7)'],
  [bytes6('fe80::'), 10, 'a link-local address (fe80::/10)'],
  [bytes6('fec0::'), 10, 'a site-local address (fec0::/10)'],
  [bytes6('ff00::'), 8, 'a multicast address (ff00::/8)'],
];

function bytes6(address: string): number[] {
  const parsed = parseIPv6(address);
  if (!parsed) throw new Error(`bad IPv6 literal in table: ${address}`);
  return parsed;
}

function inRange(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const left = Math.min(8, bits - i);
    const mask = (0xff << (8 - left)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

export function parseIPv4(address: string): number[] | null {
  if (!net.isIPv4(address)) return null;
  return address.split('.').map(Number);
}

/** 16 bytes, or null. Accepts `::`, embedded dotted quads, and strips a `%zone`. */
export function parseIPv6(input: string): number[] | null {
  const address = input.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!net.isIPv6(address)) return null;
  let head = address;
  let tailV4: number[] = [];
  const lastColon = address.lastIndexOf(':');
  const maybeV4 = address.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    const v4 = parseIPv4(maybeV4);
    if (!v4) return null;
    tailV4 = v4;
    head = `${address.slice(0, lastColon + 1)}0:0`;
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const l = groups(left);
  const r = right === undefined ? [] : groups(right);
  const missing = 8 - l.length - r.length;
  if (right === undefined ? missing !== 0 : missing < 0) return null;
  const all = [...l, ...Array<string>(right === undefined ? 0 : missing).fill('0'), ...r];
  const out: number[] = [];
  for (const g of all) {
    const v = parseInt(g, 16);
    out.push((v >> 8) & 0xff, v & 0xff);
  }
  if (tailV4.length === 4) out.splice(12, 4, ...tailV4);
  return out.length === 16 ? out : null;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:0:0/96, NAT64, 6to4), if any. */
function embeddedV4(bytes: readonly number[]): number[] | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12, 16);
  if (inRange(bytes, bytes6('64:ff9b::'), 96)) return bytes.slice(12, 16);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

function v4Reason(bytes: readonly number[]): string | null {
  for (const [prefix, bits, why] of V4_BLOCKED) if (inRange(bytes, prefix, bits)) return why;
  return null;
}

/**
 * Why an address may not receive webhooks, or null when it is a public unicast address.
 * Anything that is not a valid IP literal is refused too.
 */
export function nonPublicReason(address: string): string | null {
  const v4 = parseIPv4(address);
  if (v4) return v4Reason(v4);
  const v6 = parseIPv6(address);
  if (!v6) return `"${address}" is not an IP address`;
  const carried = embeddedV4(v6);
  if (carried) {
    const why = v4Reason(carried);
    return why ? `${why}, carried in IPv6 ${address}` : null;
  }
  for (const [prefix, bits, why] of V6_BLOCKED) if (inRange(v6, prefix, bits)) return why;
  return null;
}
