/**
 * The owner's opt-in for outgoing requests to this machine (webhook receivers now; the URL
 * fetcher's own switch, TAPEHOUSE_FETCH_ALLOW_LOOPBACK, reads the same syntax). A loopback opt-in
 * names the ports it opens — `8080`, `8080,9000`, `9000-9010` — because "any local port" lets any
 * API key holder make the engine call every service on the machine (an admin page, a database's
 * HTTP port, the engine's own unauthenticated routes). The old on-switch (`1`, `true`) is read as
 * "no port" with a notice naming the new form: failing closed beats guessing which port was meant.
 */
import { AppError } from './errors.ts';

export interface PortRange {
  from: number;
  to: number;
}

export interface LoopbackPorts {
  ranges: PortRange[];
  /** Set when the value was the old on-switch, which opens nothing now (logged at start). */
  notice: string | null;
}

const NONE: LoopbackPorts = { ranges: [], notice: null };

function port(text: string, name: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(value) || value < 1 || value > 65535) {
    throw new AppError('validation_error', `${name}: "${text}" is not a port (1-65535).`);
  }
  return value;
}

function range(item: string, name: string): PortRange {
  const [from = '', to, extra] = item.split('-').map((part) => part.trim());
  if (extra !== undefined) throw new AppError('validation_error', `${name}: bad range "${item}".`);
  const start = port(from, name);
  const end = to === undefined ? start : port(to, name);
  if (end < start) throw new AppError('validation_error', `${name}: bad range "${item}".`);
  return { from: start, to: end };
}

function legacySwitch(name: string): LoopbackPorts {
  return {
    ranges: [],
    notice:
      `${name} = 1/true no longer opens every port on this machine; it now opens none. ` +
      'List the ports instead, e.g. 8080,9000 or a range 9000-9010 (docs/api/webhooks.md).',
  };
}

/**
 * Parses an environment value or a settings.json value: a comma list of ports and ranges (or a
 * JSON array of them); `0`, `false` or empty: off; `1` or `true`: the old switch (off, noticed).
 * Anything else fails start-up with a message naming the setting.
 */
export function parseLoopbackPorts(
  value: string | boolean | readonly (number | string)[] | undefined,
  name: string,
): LoopbackPorts {
  if (value === undefined || value === false) return NONE;
  if (value === true) return legacySwitch(name);
  if (typeof value !== 'string') {
    return { ranges: value.map((item) => range(String(item), name)), notice: null };
  }
  const text = value.trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return NONE;
  if (text === '1' || text === 'true') return legacySwitch(name);
  return { ranges: text.split(',').map((item) => range(item.trim(), name)), notice: null };
}

export function allowsPort(ranges: readonly PortRange[], value: number): boolean {
  return ranges.some((r) => value >= r.from && value <= r.to);
}

/** `8080, 9000-9010`, for refusal messages. */
export function describePorts(ranges: readonly PortRange[]): string {
  return ranges.map((r) => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`)).join(', ');
}

/** The port a URL connects to: its own, else the scheme's default. */
export function urlPort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
