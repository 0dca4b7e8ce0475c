/**
 * Document 1, Delivery rules 1–2: `X-Service-Signature: sha256=<hex>` where hex is
 * HMAC-SHA256(secret, `<timestamp>.<raw body>`), the timestamp being X-Service-Timestamp (Unix
 * seconds). The body is signed as the exact bytes sent, never re-serialised.
 */
import { createHmac, randomBytes } from 'node:crypto';

export function signPayload(secret: string, timestamp: number, body: string): string {
  const hex = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `sha256=${hex}`;
}

/** A new endpoint's signing secret: 32 random bytes, shown once. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function deliveryHeaders(options: {
  secret: string;
  timestamp: number;
  body: string;
  eventType: string;
  eventId: string;
}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Tapehouse-Webhooks/1',
    'X-Service-Signature': signPayload(options.secret, options.timestamp, options.body),
    'X-Service-Timestamp': String(options.timestamp),
    'X-Service-Event': options.eventType,
    'X-Service-Event-Id': options.eventId,
  };
}
