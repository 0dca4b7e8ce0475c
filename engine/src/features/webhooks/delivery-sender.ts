/**
 * One webhook HTTP attempt (document 1, Delivery rules 1 and 3). It connects to the address the
 * AddressGuard judged (a custom `lookup` answers with that address only, so no second DNS query
 * can swap it), verifies TLS against the URL's host name, follows no redirects, and gives up
 * after the attempt's deadline (10 s by default: "2xx within 10 seconds"). Only the status code
 * is kept; the receiver's body is read and discarded, at most 64 KiB.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import type { DeliveryTarget } from '../platform/index.ts';

export interface AttemptOutcome {
  /** The receiver's status, when it answered at all. */
  status: number | null;
  /** Null on a 2xx; otherwise what went wrong, for the delivery log. */
  error: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  /** Extra trusted CA certificates (PEM) on top of the system roots; null: system roots. */
  ca: (string | Buffer)[] | null;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One TLS context per CA list, made once: handing `ca` to every request parsed the ~140 system
 * roots again each time (about 0.3 s of the main thread per attempt on a busy 2-core machine),
 * which serialised deliveries and stalled the API while a backlog drained.
 */
const contexts = new WeakMap<object, tls.SecureContext>();

function secureContextFor(ca: (string | Buffer)[]): tls.SecureContext {
  let context = contexts.get(ca);
  if (!context) {
    context = tls.createSecureContext({ ca });
    contexts.set(ca, context);
  }
  return context;
}

function pinnedLookup(target: DeliveryTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, [{ address: target.address, family: target.family }]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

function describe(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

export function sendWebhook(
  target: DeliveryTarget,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<AttemptOutcome> {
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const secure = target.url.protocol === 'https:';
    const requestOptions: https.RequestOptions = {
      method: 'POST',
      protocol: target.url.protocol,
      hostname: target.hostname,
      port: target.url.port === '' ? (secure ? 443 : 80) : Number(target.url.port),
      path: `${target.url.pathname}${target.url.search}`,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(target),
      agent: false,
      ...(secure && {
        servername: target.hostname.includes(':') ? undefined : target.hostname,
        ...(options.ca ? { secureContext: secureContextFor(options.ca) } : {}),
      }),
    };
    const request = (secure ? https : http).request(requestOptions, (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) response.destroy();
      });
      response.on('error', () => {});
      // A receiver that answers but never finishes its body is cut off, not waited on.
      const drain = setTimeout(() => request.destroy(), 5000);
      drain.unref();
      response.on('close', () => {
        clearTimeout(drain);
        request.destroy();
      });
      if (status >= 200 && status < 300) {
        finish({ status, error: null });
      } else if (status >= 300 && status < 400) {
        finish({ status, error: `the receiver answered ${status}; redirects are not followed` });
      } else {
        finish({ status, error: `the receiver answered ${status}` });
      }
    });
    const timer = setTimeout(() => {
      finish({
        status: null,
        error: `no answer within ${Math.round(options.timeoutMs / 100) / 10} s (timeout)`,
      });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => finish({ status: null, error: describe(error) }));
    request.end(body);
  });
}
