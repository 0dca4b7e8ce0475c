/**
 * One attempt of a reader callback, by the webhook rules (docs/api/webhooks.md, "Delivery"): a
 * POST of the stored body, signed afresh (`X-Service-Signature: sha256=<hex HMAC-SHA256(secret,
 * "<timestamp>.<body>")>`), connected to the address the guard judged (pinned), TLS checked
 * against the host name, no redirects followed, 2xx within 10 seconds or it failed.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { DeliveryTarget } from '../../../platform/index.ts';

export const ATTEMPT_TIMEOUT_MS = 10_000;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

export function callbackHeaders(o: {
  secret: string;
  timestamp: number;
  body: string;
  eventType: string;
  eventId: string;
}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Tapehouse-Webhooks/1',
    'X-Service-Signature': signatureOf(o.secret, o.timestamp, o.body),
    'X-Service-Timestamp': String(o.timestamp),
    'X-Service-Event': o.eventType,
    'X-Service-Event-Id': o.eventId,
  };
}

export interface AttemptOutcome {
  status: number | null;
  error: string | null;
}

export function sendCallback(
  target: DeliveryTarget,
  body: string,
  headers: Record<string, string>,
  ca: Buffer[] | null,
): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const lookup: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const secure = target.url.protocol === 'https:';
    const request = (secure ? https : http).request(
      {
        method: 'POST',
        hostname: target.hostname,
        port: target.url.port === '' ? (secure ? 443 : 80) : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
        ...(secure && { servername: target.hostname, ...(ca ? { ca } : {}) }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('error', () => {});
        finish(
          status >= 200 && status < 300
            ? { status, error: null }
            : { status, error: `the receiver answered ${status}` },
        );
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s (timeout)` });
      request.destroy();
    }, ATTEMPT_TIMEOUT_MS);
    request.on('error', (error) => finish({ status: null, error: error.message }));
    request.end(body);
  });
}
