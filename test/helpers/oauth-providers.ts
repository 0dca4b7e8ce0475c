/**
 * Local stand-ins for the identity providers, as real HTTP servers on 127.0.0.1 (port 0) that
 * the engine is pointed at through its config (googleJwksUrl, githubApiUrl):
 *  - Google: a JWKS endpoint publishing keys generated here, and real id_tokens signed with them
 *    (RS256 and ES256), so the engine's signature checks run for real;
 *  - GitHub: /user and /user/emails answering per access token, 401 for unknown ones.
 */
import {
  generateKeyPairSync,
  randomUUID,
  sign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOGLE_CLIENT_ID = 'tapehouse-test.apps.googleusercontent.com';

interface Server {
  url: string;
  stop(): Promise<void>;
}

async function serve(handler: http.RequestListener): Promise<Server> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL on a port nobody listens on: connection refused. */
export async function unreachableUrl(): Promise<string> {
  const server = await serve(() => {});
  await server.stop();
  return server.url;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

// ---------------------------------------------------------------------------------------------
// Google

export type SigningAlg = 'RS256' | 'ES256';

interface TestKey {
  kid: string;
  alg: SigningAlg;
  privateKey: KeyObject;
  jwk: JsonWebKey & { kid: string; alg: string; use: string };
}

export interface IdTokenOptions {
  /** Claims to set (undefined removes a default claim). */
  claims?: Record<string, unknown>;
  /** Signing key id (default: the first published key). */
  kid?: string;
  /** Sign with this key's private half while naming `kid` in the header. */
  signWith?: string;
  header?: Record<string, unknown>;
}

export interface FakeGoogle {
  jwksUrl: string;
  clientId: string;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /** Generates a key pair; published in the JWKS unless `publish` is false. */
  addKey(options?: { alg?: SigningAlg; publish?: boolean; kid?: string }): string;
  unpublish(kid: string): void;
  idToken(sub: string, email: string, options?: IdTokenOptions): string;
  stop(): Promise<void>;
}

function makeKey(kid: string, alg: SigningAlg): TestKey {
  const pair =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    kid,
    alg,
    privateKey: pair.privateKey,
    jwk: { ...pair.publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' },
  };
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const keys = new Map<string, TestKey>();
  const published = new Set<string>();
  let fetches = 0;
  const server = await serve((req, res) => {
    if (req.method === 'GET' && req.url === '/oauth2/v3/certs') {
      fetches += 1;
      const jwks = [...published].flatMap((kid) => {
        const key = keys.get(kid);
        return key ? [key.jwk] : [];
      });
      json(res, 200, { keys: jwks }, { 'Cache-Control': 'public, max-age=3600' });
      return;
    }
    json(res, 404, { error: 'not found' });
  });
  const google: FakeGoogle = {
    jwksUrl: `${server.url}/oauth2/v3/certs`,
    clientId: GOOGLE_CLIENT_ID,
    jwksFetches: () => fetches,
    addKey: ({ alg = 'RS256', publish = true, kid = `key-${randomUUID().slice(0, 8)}` } = {}) => {
      keys.set(kid, makeKey(kid, alg));
      if (publish) published.add(kid);
      return kid;
    },
    unpublish: (kid) => {
      published.delete(kid);
    },
    idToken: (sub, email, options = {}) => {
      const kid = options.kid ?? [...published][0] ?? '';
      const signer = keys.get(options.signWith ?? kid);
      if (!signer) throw new Error(`no test key ${options.signWith ?? kid}`);
      const now = Math.floor(Date.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: 'https://accounts.google.com',
        azp: GOOGLE_CLIENT_ID,
        aud: GOOGLE_CLIENT_ID,
        sub,
        email,
        email_verified: true,
        name: 'Grace Narrator',
        picture: 'https://lh3.googleusercontent.com/a/grace.png',
        iat: now,
        exp: now + 3600,
        ...options.claims,
      };
      const header = { alg: signer.alg, kid, typ: 'JWT', ...options.header };
      const input = `${b64(header)}.${b64(JSON.parse(JSON.stringify(claims)))}`;
      const signature =
        signer.alg === 'RS256'
          ? sign('sha256', Buffer.from(input), signer.privateKey)
          : sign('sha256', Buffer.from(input), {
              key: signer.privateKey,
              dsaEncoding: 'ieee-p1363',
            });
      return `${input}.${signature.toString('base64url')}`;
    },
    stop: server.stop,
  };
  google.addKey();
  return google;
}

// ---------------------------------------------------------------------------------------------
// GitHub

export interface GithubAccount {
  id: number;
  login: string;
  name: string | null;
  /** The public profile e-mail (null when private). */
  email: string | null;
  avatar_url: string;
  /** /user/emails; null answers 404 as for a token without the user:email scope. */
  emails: { email: string; verified: boolean; primary: boolean }[] | null;
}

export interface FakeGithub {
  url: string;
  /** Every request path seen, in order. */
  requests: string[];
  /** Creates an account and a token for it; returns the token. */
  addAccount(account: Partial<GithubAccount> & { email?: string | null }): {
    token: string;
    account: GithubAccount;
  };
  /** The next answers to /user are this status (e.g. 500), until cleared with null. */
  failWith(status: number | null): void;
  stop(): Promise<void>;
}

export async function startFakeGithub(): Promise<FakeGithub> {
  const byToken = new Map<string, GithubAccount>();
  const requests: string[] = [];
  let failure: number | null = null;
  let nextId = 5_000_000;
  const server = await serve((req, res) => {
    requests.push(req.url ?? '');
    const auth = req.headers.authorization ?? '';
    const account = auth.startsWith('Bearer ') ? byToken.get(auth.slice(7)) : undefined;
    if (!req.headers['user-agent']) {
      json(res, 403, { message: 'Request forbidden by administrative rules.' });
      return;
    }
    if (failure !== null) {
      json(res, failure, { message: 'Server Error' });
      return;
    }
    if (!account) {
      json(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
      });
      return;
    }
    if (req.url === '/user') {
      const { emails: _emails, ...user } = account;
      json(res, 200, user);
    } else if (req.url === '/user/emails' && account.emails !== null) {
      json(
        res,
        200,
        account.emails.map((e) => ({ ...e, visibility: null })),
      );
    } else {
      json(res, 404, { message: 'Not Found' });
    }
  });
  return {
    url: server.url,
    requests,
    addAccount: (partial) => {
      nextId += 1;
      const login = partial.login ?? `octo${nextId}`;
      const account: GithubAccount = {
        id: nextId,
        login,
        name: 'Octo Narrator',
        email: `${login}@users.example.com`,
        avatar_url: `https://avatars.githubusercontent.com/u/${nextId}`,
        emails: null,
        ...partial,
      };
      const token = `gho_${randomUUID().replaceAll('-', '')}`;
      byToken.set(token, account);
      return { token, account };
    },
    failWith: (status) => {
      failure = status;
    },
    stop: server.stop,
  };
}
