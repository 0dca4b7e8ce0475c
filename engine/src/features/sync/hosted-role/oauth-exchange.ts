/**
 * The hosted side of a workstation's browser sign-in (docs/api/sync.md, "Google and GitHub"):
 * it publishes which OAuth app to use (`GET /sync/oauth/{provider}`) and exchanges the code a
 * studio caught on its loopback address, with the PKCE verifier and this service's client secret
 * (`POST /sync/oauth/{provider}/exchange`). The provider's answer is then proven exactly as for
 * POST /auth/oauth/* (accounts' OAuthSignInService) and ends in a device session.
 */
import type { EngineConfig, OAuthAppConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { Accounts } from '../../accounts/index.ts';

export type Provider = 'google' | 'github';

const SCOPES: Record<Provider, string> = {
  google: 'openid email profile',
  github: 'read:user user:email',
};

const TIMEOUT_MS = 10_000;

export interface ExchangeInput {
  code: string;
  code_verifier: string;
  redirect_uri: string;
}

export interface ClientHints {
  ip: string;
  userAgent: string;
  browserFingerprint: string | null;
  timezone: string | null;
}

/** RFC 8252 §7.3: the redirect must be a loopback IP literal with a port, over http. */
function assertLoopbackRedirect(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new AppError('validation_error', 'redirect_uri is not a URL.');
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', '[::1]'].includes(url.hostname) || !url.port) {
    throw new AppError(
      'validation_error',
      'redirect_uri must be a loopback address with a port (http://127.0.0.1:<port>/...).',
    );
  }
}

function claimsOf(idToken: string): { sub?: unknown; email?: unknown } {
  try {
    return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      sub?: unknown;
      email?: unknown;
    };
  } catch {
    return {};
  }
}

export class OAuthExchange {
  constructor(
    private readonly config: Pick<EngineConfig, 'sync' | 'githubApiUrl'>,
    private readonly accounts: Pick<Accounts, 'oauth'>,
  ) {}

  private app(provider: Provider): OAuthAppConfig {
    const app = this.config.sync.oauthApps[provider];
    if (!app?.clientSecret) {
      throw new AppError(
        'service_unavailable',
        `${provider} sign-in for workstations is not set up on this service ` +
          `(TAPEHOUSE_${provider === 'google' ? 'GOOGLE_WEB' : 'GITHUB'}_CLIENT_ID and ` +
          `TAPEHOUSE_${provider.toUpperCase()}_CLIENT_SECRET).`,
      );
    }
    return app;
  }

  describe(provider: Provider): { client_id: string; authorize_url: string; scope: string } {
    const app = this.app(provider);
    return { client_id: app.clientId, authorize_url: app.authorizeUrl, scope: SCOPES[provider] };
  }

  async exchange(provider: Provider, input: ExchangeInput, client: ClientHints) {
    assertLoopbackRedirect(input.redirect_uri);
    const app = this.app(provider);
    const tokens = await this.postForm(app.tokenUrl, {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirect_uri,
      client_id: app.clientId,
      client_secret: app.clientSecret ?? '',
      code_verifier: input.code_verifier,
    });
    if (provider === 'google') {
      const idToken = typeof tokens.id_token === 'string' ? tokens.id_token : null;
      if (!idToken) throw refusedCode(provider, 'no id_token came back');
      const claims = claimsOf(idToken);
      // Only hints: the sign-in service verifies signature, audience, subject and e-mail.
      return this.accounts.oauth.signInWith(
        'google',
        {
          profile: { email: typeof claims.email === 'string' ? claims.email : null },
          account: { providerAccountId: String(claims.sub ?? ''), id_token: idToken },
        },
        client,
      );
    }
    const accessToken = typeof tokens.access_token === 'string' ? tokens.access_token : null;
    if (!accessToken) throw refusedCode(provider, 'no access_token came back');
    const user = await this.githubUser(accessToken);
    return this.accounts.oauth.signInWith(
      'github',
      { profile: {}, account: { providerAccountId: user, access_token: accessToken } },
      client,
    );
  }

  private async postForm(
    url: string,
    form: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('service_unavailable', 'The sign-in provider could not be reached.', {
        cause: error,
      });
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500)
      throw new AppError('service_unavailable', `The sign-in provider answered ${res.status}.`);
    if (!res.ok || typeof body.error === 'string') {
      throw new AppError(
        'invalid_credentials',
        `The sign-in provider refused the code: ${String(body.error_description ?? body.error ?? res.status)}`,
      );
    }
    return body;
  }

  /** The GitHub account id the token belongs to (the sign-in service checks it again). */
  private async githubUser(token: string): Promise<string> {
    let res: Response;
    try {
      res = await fetch(`${this.config.githubApiUrl}/user`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('service_unavailable', 'GitHub could not be reached.', { cause: error });
    }
    const body = (await res.json().catch(() => ({}))) as { id?: unknown };
    if (!res.ok || (typeof body.id !== 'number' && typeof body.id !== 'string')) {
      throw refusedCode('github', `GitHub answered ${res.status} for the new token`);
    }
    return String(body.id);
  }
}

function refusedCode(provider: Provider, why: string): AppError {
  return new AppError('invalid_credentials', `The ${provider} sign-in did not complete: ${why}.`, {
    details: { provider },
  });
}
