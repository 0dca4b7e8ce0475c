/**
 * A local stand-in for an OAuth provider's authorization server (GitHub's shape), as a real
 * HTTP server: `GET /login/oauth/authorize` approves at once (the user said yes) and redirects to
 * the client's redirect_uri with a code; `POST /login/oauth/access_token` exchanges that code
 * once, checking the client secret, the redirect_uri and the PKCE verifier (S256), and answers
 * an access token the fake GitHub API (oauth-providers.ts) knows.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAuthorizationServer {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The access token to hand out for the next approved sign-in. */
  grant: string;
  /** Every authorization request's query, in order. */
  authorizations: URLSearchParams[];
  /** Every token exchange's outcome ('ok' or why it was refused). */
  exchanges: string[];
  stop(): Promise<void>;
}

export async function startFakeAuthorizationServer(client: {
  id: string;
  secret: string;
}): Promise<FakeAuthorizationServer> {
  const codes = new Map<string, { challenge: string; redirect: string; token: string }>();
  const state = {
    grant: '',
    authorizations: [] as URLSearchParams[],
    exchanges: [] as string[],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      state.authorizations.push(url.searchParams);
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      const code = randomUUID();
      codes.set(code, {
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirect,
        token: state.grant,
      });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const issued = codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const why =
          form.get('client_id') !== client.id || form.get('client_secret') !== client.secret
            ? 'bad client'
            : !issued
              ? 'bad code'
              : issued.redirect !== form.get('redirect_uri')
                ? 'redirect mismatch'
                : createHash('sha256').update(verifier).digest('base64url') !== issued.challenge
                  ? 'pkce mismatch'
                  : 'ok';
        state.exchanges.push(why);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (why !== 'ok' || !issued) {
          res.end(JSON.stringify({ error: 'bad_verification_code', error_description: why }));
          return;
        }
        codes.delete(form.get('code') ?? '');
        res.end(
          JSON.stringify({ access_token: issued.token, token_type: 'bearer', scope: 'read:user' }),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    authorizeUrl: `${base}/login/oauth/authorize`,
    tokenUrl: `${base}/login/oauth/access_token`,
    get grant() {
      return state.grant;
    },
    set grant(token: string) {
      state.grant = token;
    },
    authorizations: state.authorizations,
    exchanges: state.exchanges,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
