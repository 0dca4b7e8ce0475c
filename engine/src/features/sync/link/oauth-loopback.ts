/**
 * Google or GitHub sign-in in the system browser, the way RFC 8252 (OAuth for native apps) says:
 * this engine listens on a loopback address for the one redirect, sends the browser to the
 * provider with a PKCE challenge (S256) and a random `state`, and hands the returned code, with
 * its verifier, to the hosted service, which exchanges it with its own client secret and signs
 * the workstation in as a device. The studio never holds a provider secret; a code caught by
 * anyone else is useless without the verifier. One sign-in at a time, open for 10 minutes.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../../../errors.ts';
import type { HostedHttp } from '../hosted/hosted-http.ts';
import { refused, type LinkService, type TokenAnswer } from './link-service.ts';

export type OAuthProvider = 'google' | 'github';

const OPEN_FOR_MS = 10 * 60_000;

interface Pending {
  provider: OAuthProvider;
  state: string;
  verifier: string;
  redirectUri: string;
  authorizeUrl: string;
  expiresAt: string;
  server: http.Server;
  timer: NodeJS.Timeout;
}

export interface OAuthPending {
  provider: OAuthProvider;
  authorize_url: string;
  expires_at: string;
}

interface ProviderApp {
  client_id: string;
  authorize_url: string;
  scope: string;
}

function page(title: string, text: string): string {
  const escape = (s: string): string =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return (
    `<!doctype html><meta charset="utf-8"><title>${escape(title)}</title>` +
    `<body style="font-family:system-ui;margin:3rem"><h1>${escape(title)}</h1><p>${escape(text)}</p>`
  );
}

export class OAuthLoopback {
  private pending: Pending | null = null;

  constructor(
    private readonly http: HostedHttp,
    private readonly link: LinkService,
    private readonly options: {
      installId: () => string;
      timezone: () => string;
      onError: (message: string) => void;
    },
  ) {}

  current(): OAuthPending | null {
    const p = this.pending;
    return p
      ? { provider: p.provider, authorize_url: p.authorizeUrl, expires_at: p.expiresAt }
      : null;
  }

  /** Starts a browser sign-in; answers the provider URL for the studio to open. */
  async start(provider: OAuthProvider): Promise<OAuthPending> {
    const answer = await this.http.send('GET', `/sync/oauth/${provider}`);
    const app = answer.body as Partial<ProviderApp> | null;
    if (
      answer.status !== 200 ||
      typeof app?.client_id !== 'string' ||
      typeof app.authorize_url !== 'string'
    ) {
      throw refused(answer, `${provider} sign-in`);
    }
    this.cancel();
    const server = http.createServer((req, res) => void this.callback(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // 127.0.0.1, not localhost: RFC 8252 §7.3, and no resolver can point it elsewhere.
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const url = new URL(app.authorize_url);
    url.searchParams.set('client_id', app.client_id);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', app.scope ?? '');
    url.searchParams.set('state', state);
    url.searchParams.set(
      'code_challenge',
      createHash('sha256').update(verifier).digest('base64url'),
    );
    url.searchParams.set('code_challenge_method', 'S256');
    const timer = setTimeout(() => this.cancel(), OPEN_FOR_MS);
    timer.unref();
    this.pending = {
      provider,
      state,
      verifier,
      redirectUri,
      authorizeUrl: url.toString(),
      expiresAt: new Date(Date.now() + OPEN_FOR_MS).toISOString(),
      server,
      timer,
    };
    return this.current()!;
  }

  /** Stops listening; `force` also cuts open connections (not while answering the browser). */
  cancel(force = true): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.server.close();
    if (force) p.server.closeAllConnections();
  }

  private async callback(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const p = this.pending;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, title: string, text: string): void => {
      res.writeHead(status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'close',
      });
      res.end(page(title, text));
    };
    if (!p || url.pathname !== '/callback')
      return reply(404, 'Not found', 'Nothing is waiting here.');
    if (url.searchParams.get('state') !== p.state) {
      return reply(
        400,
        'Sign-in refused',
        'This answer does not belong to the sign-in the studio started.',
      );
    }
    const code = url.searchParams.get('code');
    if (!code) {
      const why =
        url.searchParams.get('error_description') ?? url.searchParams.get('error') ?? 'no code';
      this.options.onError(`The ${p.provider} sign-in was not completed: ${why}.`);
      this.cancel(false);
      return reply(400, 'Sign-in not completed', why);
    }
    try {
      const answer = await this.http.send('POST', `/sync/oauth/${p.provider}/exchange`, {
        json: {
          code,
          code_verifier: p.verifier,
          redirect_uri: p.redirectUri,
          browser_fingerprint: this.options.installId(),
          timezone: this.options.timezone(),
        },
        timeoutMs: 30_000,
      });
      if (answer.status !== 200) throw refused(answer, `the ${p.provider} sign-in`);
      await this.link.complete(answer.body as TokenAnswer, p.provider);
      reply(
        200,
        'Tapehouse is linked',
        `Signed in as ${(answer.body as TokenAnswer).user.email}. You can close this window.`,
      );
    } catch (error) {
      const message = error instanceof AppError ? error.message : String(error);
      this.options.onError(message);
      reply(502, 'Sign-in failed', message);
    } finally {
      this.cancel(false);
    }
  }
}
