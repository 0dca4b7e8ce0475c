/**
 * The two GitHub REST calls that confirm a GitHub sign-in: GET /user (whose token is this) and
 * GET /user/emails (which addresses GitHub has verified for it). GitHub access tokens are
 * opaque, so asking GitHub is the only way to check one. A 401 from GitHub is a bad token (401
 * `invalid_credentials`); GitHub being unreachable, slow or rate-limiting us is 503.
 */
import type { AppError } from '../../../errors.ts';
import { providerGet, providerUnavailable, type ProviderAnswer } from './provider-http.ts';
import { invalidProviderToken } from './provider-errors.ts';

export interface GithubUser {
  id: string;
  login: string;
  name: string | null;
  /** The profile's public e-mail; GitHub only lets users publish addresses they verified. */
  email: string | null;
  avatarUrl: string | null;
}

export interface GithubEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function rateLimited(answer: ProviderAnswer): boolean {
  return (
    answer.status === 429 ||
    (answer.status === 403 && answer.headers.get('x-ratelimit-remaining') === '0')
  );
}

export class GithubApi {
  private readonly base: string;

  constructor(baseUrl: string) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  private get(path: string, token: string, signal: AbortSignal | undefined) {
    return providerGet(`${this.base}${path}`, {
      provider: 'GitHub',
      signal,
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        // GitHub refuses API requests without a User-Agent.
        'User-Agent': 'Tapehouse',
      },
    });
  }

  private unavailable(path: string, why: string): AppError {
    return providerUnavailable('GitHub', `${this.base}${path}`, why);
  }

  /** Whose token this is; 401 when GitHub does not accept it. */
  async user(token: string, signal?: AbortSignal): Promise<GithubUser> {
    const answer = await this.get('/user', token, signal);
    if (rateLimited(answer)) throw this.unavailable('/user', 'GitHub is rate-limiting requests');
    if (answer.status === 401 || answer.status === 403) {
      throw invalidProviderToken('github', 'rejected', 'GitHub does not accept this access token.');
    }
    if (answer.status !== 200) {
      throw this.unavailable('/user', `GitHub answered ${answer.status}`);
    }
    const body = answer.json as Record<string, unknown> | null;
    const id = body?.id;
    if (typeof id !== 'number' && (typeof id !== 'string' || id === '')) {
      throw this.unavailable('/user', 'GitHub answered without a user id');
    }
    return {
      id: String(id),
      login: text(body?.login) ?? String(id),
      name: text(body?.name),
      email: text(body?.email),
      avatarUrl: text(body?.avatar_url),
    };
  }

  /**
   * The account's e-mail addresses; null when the token may not read them (it lacks the
   * `user:email` scope: GitHub answers 401, 403 or 404).
   */
  async emails(token: string, signal?: AbortSignal): Promise<GithubEmail[] | null> {
    const answer = await this.get('/user/emails', token, signal);
    if (rateLimited(answer)) {
      throw this.unavailable('/user/emails', 'GitHub is rate-limiting requests');
    }
    if ([401, 403, 404].includes(answer.status)) return null;
    if (answer.status !== 200 || !Array.isArray(answer.json)) {
      throw this.unavailable('/user/emails', `GitHub answered ${answer.status}`);
    }
    return (answer.json as Record<string, unknown>[]).flatMap((entry) => {
      const email = text(entry?.email);
      return email === null
        ? []
        : [{ email, verified: entry.verified === true, primary: entry.primary === true }];
    });
  }
}
