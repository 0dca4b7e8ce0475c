/**
 * Pure rules of the Webhooks page: the documented events, the endpoint form's checks, what to say
 * when the engine refuses a receiver URL, and how a delivery's state reads. No React and no DOM;
 * unit-tested in test/renderer/webhook-rules.test.ts.
 */
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from './webhooks-types.ts';

/** docs/api/webhooks.md, "Events", in that order. */
export const WEBHOOK_EVENTS: readonly { type: string; label: string; when: string }[] = [
  {
    type: 'job.completed',
    label: 'Job completed',
    when: 'A job finished and its output is ready.',
  },
  {
    type: 'job.failed',
    label: 'Job failed',
    when: 'A job failed; the credits held for it were refunded.',
  },
  {
    type: 'job.cancelled',
    label: 'Job cancelled',
    when: 'A job was stopped on request; held credits were released.',
  },
  {
    type: 'audiobook.cast.detected',
    label: 'Audiobook cast detected',
    when: 'Speaker detection for an audiobook project ended.',
  },
  {
    type: 'webhook.test',
    label: 'Test event',
    when: 'Sent by “Send test” (always sent, whether ticked or not).',
  },
];

export const DEFAULT_EVENTS = ['job.completed', 'job.failed'];
export const MAX_ENDPOINTS = 20;
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;

/**
 * The owner's two switches for receivers on this machine (docs/api/webhooks.md): each names the
 * receiver ports it opens, e.g. `=8080,9000` or `[8080, 9000]`.
 */
export const LOOPBACK_ENV = 'TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=<port>';
export const LOOPBACK_SETTING = '"webhooksAllowLoopback": [<port>]';

export interface EndpointFields {
  url: string;
  events: string[];
  description: string;
}

export type EndpointErrors = Partial<Record<keyof EndpointFields, string>>;

/** The checks the engine would make first, so the form can say so before sending. */
export function endpointProblems(fields: EndpointFields): EndpointErrors {
  const errors: EndpointErrors = {};
  const url = fields.url.trim();
  if (url === '') {
    errors.url = 'Enter the receiver’s URL.';
  } else if (url.length > MAX_URL_LENGTH) {
    errors.url = `At most ${MAX_URL_LENGTH} characters.`;
  } else {
    const parsed = parseUrl(url);
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
      errors.url = 'Enter a full URL starting with https://.';
    } else if (parsed.username || parsed.password) {
      errors.url = 'Leave credentials out of the URL; receivers check the signature instead.';
    }
  }
  if (fields.events.length === 0) errors.events = 'Choose at least one event.';
  if (fields.description.trim().length > MAX_DESCRIPTION_LENGTH) {
    errors.description = `At most ${MAX_DESCRIPTION_LENGTH} characters.`;
  }
  return errors;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The request body: trimmed, events in the documented order, duplicates dropped. */
export function endpointRequest(fields: EndpointFields): EndpointFields {
  const known = WEBHOOK_EVENTS.map((event) => event.type);
  const chosen = new Set(fields.events);
  return {
    url: fields.url.trim(),
    events: [
      ...known.filter((type) => chosen.has(type)),
      ...[...chosen].filter((type) => !known.includes(type)),
    ],
    description: fields.description.trim(),
  };
}

/** Only what changed, for PATCH; null when nothing did. */
export function endpointPatch(
  before: WebhookEndpoint,
  fields: EndpointFields,
): Partial<EndpointFields> | null {
  const next = endpointRequest(fields);
  const patch: Partial<EndpointFields> = {};
  if (next.url !== before.url) patch.url = next.url;
  if (next.description !== before.description) patch.description = next.description;
  const sameEvents =
    next.events.length === before.events.length &&
    next.events.every((type) => before.events.includes(type));
  if (!sameEvents) patch.events = next.events;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** `localhost`, `*.localhost`, 127.0.0.0/8, ::1 and 0.0.0.0: this machine. */
export function isLoopbackUrl(text: string): boolean {
  let host: string;
  try {
    host = new URL(text.trim()).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    host === '0.0.0.0' ||
    host === '::ffff:127.0.0.1' ||
    host === '::ffff:7f00:1'
  );
}

export type UrlAdvice =
  /** A receiver on this machine, and the owner has not allowed those. */
  | 'loopback-off'
  /** Allowed, but only as http(s)://127.0.0.1:<port> or http(s)://localhost:<port>. */
  | 'loopback-address'
  /** Anything else: HTTPS on a public address. */
  | 'public-https'
  | null;

/**
 * Why a refused URL was refused, in terms the person can act on. The engine's own reason stays
 * under the field; this picks the explanation beside it (docs/api/webhooks.md, "Address safety").
 */
export function refusalAdvice(url: string, code: string, detail: string): UrlAdvice {
  if (code !== 'validation_error' || !/webhook URL is refused/i.test(detail)) return null;
  const loopback = isLoopbackUrl(url);
  if (loopback && /except http:\/\/127\.0\.0\.1/.test(detail)) return 'loopback-address';
  if (loopback || /loopback receivers are not allowed/i.test(detail)) return 'loopback-off';
  return 'public-https';
}

export const DELIVERY_STATUS_VIEW: Record<
  DeliveryStatus,
  { label: string; tone: 'info' | 'warn' | 'ok' | 'error' }
> = {
  pending: { label: 'Pending', tone: 'info' },
  retrying: { label: 'Retrying', tone: 'warn' },
  delivered: { label: 'Delivered', tone: 'ok' },
  dead_lettered: { label: 'Dead-lettered', tone: 'error' },
};

/** Still moving: the log keeps polling while one of these is shown. */
export function isInFlight(delivery: Pick<WebhookDelivery, 'status'>): boolean {
  return delivery.status === 'pending' || delivery.status === 'retrying';
}

/** The redeliver button's words: a finished delivery starts a new round; a queued one goes now. */
export function redeliverLabel(status: DeliveryStatus): string {
  return status === 'delivered' || status === 'dead_lettered' ? 'Redeliver' : 'Retry now';
}

/** "HTTP 200", "HTTP 500", "No response". */
export function responseLabel(code: number | null): string {
  return code === null ? 'No response' : `HTTP ${code}`;
}

export function responseTone(code: number | null): 'ok' | 'error' | 'neutral' {
  if (code === null) return 'neutral';
  return code >= 200 && code < 300 ? 'ok' : 'error';
}

/** "2 attempts", "1 attempt", with the round when there was more than one. */
export function attemptsLabel(delivery: Pick<WebhookDelivery, 'attempts' | 'round'>): string {
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  return delivery.round > 1 ? `${attempts} · round ${delivery.round}` : attempts;
}
