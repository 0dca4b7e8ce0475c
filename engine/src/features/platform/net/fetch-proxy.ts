/**
 * The fetcher's rules for tools that do their own HTTP (yt-dlp, and the ffmpeg it may start):
 * a forward proxy on 127.0.0.1, one per run, that the tool is told to use for every request.
 * Each request (absolute-form http) and each tunnel (CONNECT, for https) is judged by
 * fetch-policy.ts and connected to the judged address, so the tool's own redirects, page
 * sub-requests, playlist segments and thumbnails all meet the same rules as a URL input: public
 * addresses only (loopback with the owner's opt-in), DNS pinned. The run's byte budget and
 * deadline are enforced here too, on the bytes that actually arrive.
 *
 * TLS stays end to end (the tool verifies certificates itself); the proxy only sees host names.
 * It asks for a per-run credential, so other programs on the machine cannot borrow it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { judgeFetchUrl, RefusedUrl, type FetchPolicy, type JudgedUrl } from './fetch-policy.ts';

export interface ProxyLimits {
  /** Bytes all upstream answers of the run may deliver together. */
  maxBytes: number;
  /** The whole run's deadline. */
  deadlineMs: number;
}

/** Request headers that concern one hop, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'proxy-authorization',
  'proxy-connection',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

export class FetchProxy {
  /** Why requests were refused, in order (the first one explains a failed extraction). */
  readonly refusals: string[] = [];
  /** Bytes received from upstream servers so far. */
  bytes = 0;
  overLimit = false;
  timedOut = false;
  private readonly sockets = new Set<Duplex>();
  private readonly timer: NodeJS.Timeout;
  private readonly credential = randomBytes(12).toString('hex');

  private constructor(
    private readonly server: http.Server,
    private readonly policy: FetchPolicy,
    private readonly limits: ProxyLimits,
    private port = 0,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.cutAll();
    }, limits.deadlineMs);
    this.timer.unref();
  }

  static async start(policy: FetchPolicy, limits: ProxyLimits): Promise<FetchProxy> {
    const server = http.createServer();
    const proxy = new FetchProxy(server, policy, limits);
    server.on('request', (req, res) => void proxy.forward(req, res));
    server.on('connect', (req, socket, head) => void proxy.tunnel(req, socket, head));
    server.on('connection', (socket) => proxy.track(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy.port = (server.address() as net.AddressInfo).port;
    return proxy;
  }

  /** The proxy URL with its credential, for `--proxy` and `http_proxy`. */
  get url(): string {
    return `http://tapehouse:${this.credential}@127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  private cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  private authorized(req: http.IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`tapehouse:${this.credential}`).toString('base64')}`;
    return req.headers['proxy-authorization'] === expected;
  }

  private counted(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    if (this.bytes <= this.limits.maxBytes) return true;
    this.overLimit = true;
    this.cutAll();
    return false;
  }

  private async judge(raw: string): Promise<JudgedUrl | string> {
    try {
      return await judgeFetchUrl(raw, this.policy);
    } catch (error) {
      const reason = error instanceof RefusedUrl ? error.reason : String(error);
      this.refusals.push(`${raw.slice(0, 200)}: ${reason}`);
      return reason;
    }
  }

  /** Absolute-form http requests. */
  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (!this.authorized(req)) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="tapehouse"' }).end();
      return;
    }
    if (!ALLOWED_METHODS.has(req.method ?? '') || !/^http:\/\//i.test(req.url ?? '')) {
      res.writeHead(405, { 'Content-Type': 'text/plain' }).end('method or URL not proxied');
      return;
    }
    const judged = await this.judge(req.url ?? '');
    if (typeof judged === 'string') {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end(`refused: ${judged}`);
      return;
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    const upstream = http.request({
      method: req.method,
      host: judged.address,
      family: judged.family,
      port: judged.url.port === '' ? 80 : Number(judged.url.port),
      path: `${judged.url.pathname}${judged.url.search}`,
      headers,
      agent: false,
    });
    upstream.on('response', (answer) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers))
        if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      answer.on('data', (chunk: Buffer) => {
        if (!this.counted(chunk)) return answer.destroy();
        // Backpressure: a slow reader pauses the upstream instead of filling memory.
        if (!res.write(chunk)) {
          answer.pause();
          res.once('drain', () => answer.resume());
        }
      });
      answer.on('end', () => res.end());
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'Content-Type': 'text/plain' }).end(error.message);
    });
    req.pipe(upstream);
  }

  /** CONNECT host:port (https): judged like https://host:port/, then spliced. */
  private async tunnel(req: http.IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    client.on('error', () => client.destroy());
    if (!this.authorized(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    const judged = await this.judge(`https://${req.url ?? ''}/`);
    if (typeof judged === 'string') {
      client.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\n\r\nrefused: ${judged}`);
      return;
    }
    const upstream = net.connect({
      host: judged.address,
      family: judged.family,
      port: judged.url.port === '' ? 443 : Number(judged.url.port),
    });
    this.track(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.on('data', (chunk: Buffer) => {
        if (!this.counted(chunk)) return;
        if (!client.write(chunk)) {
          upstream.pause();
          client.once('drain', () => upstream.resume());
        }
      });
      upstream.on('end', () => client.end());
      client.pipe(upstream);
    });
    client.on('close', () => upstream.destroy());
  }
}
