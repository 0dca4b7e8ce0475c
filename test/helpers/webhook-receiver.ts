/**
 * A real HTTPS webhook receiver for tests, the way a customer would write one: a self-signed
 * certificate made at test time with openssl (trusted by the engine only through its
 * webhooksCaFile setting), and its OWN signature check — HMAC-SHA256 over
 * `<X-Service-Timestamp>.<raw body>` compared with crypto.timingSafeEqual — sharing no code with
 * the engine.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  rawBody: Buffer;
  body: Record<string, unknown>;
  /** The receiver's own verdict on X-Service-Signature. */
  signatureValid: boolean;
  receivedAt: number;
}

/** What to answer: a status, or 'hang' to never answer (a dead receiver). */
export type Reply = number | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** TCP connections accepted, whether or not a request followed. */
  connections(): number;
  /** Replies for the next requests, in order; afterwards `defaultReply`. */
  replies: Reply[];
  defaultReply: Reply;
  /** Requests received and not yet answered (hanging ones included). */
  open(): number;
  /** Answers every hanging request with `status` now (a slow receiver catching up). */
  release(status?: number): void;
  /** The endpoint's signing secret, once the test knows it. */
  secret: string;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export interface TestCertificate {
  certFile: string;
  keyFile: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, made with the system's openssl. */
export function makeSelfSignedCertificate(dir: string): TestCertificate {
  const keyFile = path.join(dir, 'receiver-key.pem');
  const certFile = path.join(dir, 'receiver-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'pipe' },
  );
  return { certFile, keyFile };
}

/** The receiver's independent check of document 1's signature rule. */
export function verifySignature(
  secret: string,
  headers: http.IncomingHttpHeaders,
  rawBody: Buffer,
): boolean {
  const timestamp = headers['x-service-timestamp'];
  const signature = headers['x-service-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  if (!signature.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), rawBody]))
    .digest();
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(
  certificate: TestCertificate | null,
  options: { host?: 'localhost' | '127.0.0.1' } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const hanging = new Set<http.ServerResponse>();
  const state = { replies: [] as Reply[], defaultReply: 200 as Reply, secret: '' };
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks);
      received.push({
        headers: req.headers,
        rawBody,
        body: JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>,
        signatureValid: verifySignature(state.secret, req.headers, rawBody),
        receivedAt: Date.now(),
      });
      waiters.splice(0).forEach((wake) => wake());
      const reply = state.replies.shift() ?? state.defaultReply;
      if (reply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(reply, { 'Content-Type': 'text/plain' }).end('ok');
    });
  };
  const server = certificate
    ? https.createServer(
        { cert: fs.readFileSync(certificate.certFile), key: fs.readFileSync(certificate.keyFile) },
        handler,
      )
    : http.createServer(handler);
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? 'localhost';
  return {
    url: `${certificate ? 'https' : 'http'}://${host}:${port}/hooks/tapehouse`,
    port,
    received,
    connections: () => connections,
    get replies() {
      return state.replies;
    },
    set replies(value: Reply[]) {
      state.replies = value;
    },
    get defaultReply() {
      return state.defaultReply;
    },
    set defaultReply(value: Reply) {
      state.defaultReply = value;
    },
    open: () => hanging.size,
    release(status = 200) {
      for (const res of hanging) res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
      hanging.clear();
    },
    get secret() {
      return state.secret;
    },
    set secret(value: string) {
      state.secret = value;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`receiver got ${received.length} of ${count} webhooks`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
