/**
 * Proves a provider credential before anything is linked or signed in: a Google `id_token`
 * (google-id-token.ts) or a GitHub access token (github-api.ts), whose account id must be the
 * `providerAccountId` the client claims. Answers who the provider says this is: the account id
 * and the e-mail addresses it vouches for.
 */
import type { EngineConfig } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import { normalizeEmail } from '../auth/user-repo.ts';
import { GithubApi } from './github-api.ts';
import { verifyGoogleIdToken } from './google-id-token.ts';
import { JwksCache } from './jwks-cache.ts';
import { invalidProviderToken, type Provider } from './provider-errors.ts';

export interface ProviderEmail {
  /** Trimmed and lower-cased, like every e-mail the engine stores. */
  address: string;
  verified: boolean;
  primary: boolean;
}

export interface ProviderIdentity {
  provider: Provider;
  providerAccountId: string;
  emails: ProviderEmail[];
  name: string | null;
  picture: string | null;
}

export interface ProviderCredential {
  providerAccountId: string;
  idToken?: string | null | undefined;
  accessToken?: string | null | undefined;
}

export interface VerifyOptions {
  /**
   * The e-mail the client says the account has. GitHub: when the public profile does not show
   * it (or no e-mail is given), the verified addresses are read from /user/emails.
   */
  wantedEmail?: string | null;
  /** Linking needs no e-mail, so GitHub's /user/emails is skipped. */
  needEmail?: boolean;
  signal?: AbortSignal | undefined;
}

export type ProviderConfig = Pick<
  EngineConfig,
  'googleClientIds' | 'googleJwksUrl' | 'githubApiUrl'
>;

export class ProviderVerifier {
  private readonly googleKeys: JwksCache;
  private readonly github: GithubApi;

  constructor(private readonly config: ProviderConfig) {
    this.googleKeys = new JwksCache(config.googleJwksUrl, 'Google');
    this.github = new GithubApi(config.githubApiUrl);
  }

  /** 503 before any token is looked at, when the engine cannot check Google tokens at all. */
  assertConfigured(provider: Provider): void {
    if (provider === 'google' && this.config.googleClientIds.length === 0) {
      throw new AppError(
        'service_unavailable',
        'Google sign-in is not set up on this engine: set TAPEHOUSE_GOOGLE_CLIENT_ID (or ' +
          '"googleClientIds" in settings.json) to the OAuth client id(s) the app signs in with.',
      );
    }
  }

  async verify(
    provider: Provider,
    credential: ProviderCredential,
    options: VerifyOptions = {},
  ): Promise<ProviderIdentity> {
    this.assertConfigured(provider);
    return provider === 'google'
      ? this.verifyGoogle(credential)
      : this.verifyGithub(credential, options);
  }

  private async verifyGoogle(credential: ProviderCredential): Promise<ProviderIdentity> {
    if (!credential.idToken) {
      throw invalidProviderToken('google', 'malformed', 'A Google sign-in needs the id_token.');
    }
    const claims = await verifyGoogleIdToken(credential.idToken, {
      clientIds: this.config.googleClientIds,
      keys: this.googleKeys,
    });
    if (claims.sub !== credential.providerAccountId) {
      throw invalidProviderToken(
        'google',
        'subject_mismatch',
        'The id_token belongs to a different Google account than providerAccountId.',
      );
    }
    return {
      provider: 'google',
      providerAccountId: claims.sub,
      emails:
        claims.email === null
          ? []
          : [
              {
                address: normalizeEmail(claims.email),
                verified: claims.emailVerified,
                primary: true,
              },
            ],
      name: claims.name,
      picture: claims.picture,
    };
  }

  private async verifyGithub(
    credential: ProviderCredential,
    options: VerifyOptions,
  ): Promise<ProviderIdentity> {
    if (!credential.accessToken) {
      throw invalidProviderToken('github', 'malformed', 'A GitHub sign-in needs the access_token.');
    }
    const user = await this.github.user(credential.accessToken, options.signal);
    if (user.id !== credential.providerAccountId) {
      throw invalidProviderToken(
        'github',
        'account_mismatch',
        'The access token belongs to a different GitHub account than providerAccountId.',
      );
    }
    const emails: ProviderEmail[] =
      user.email === null
        ? []
        : [{ address: normalizeEmail(user.email), verified: true, primary: false }];
    const wanted = options.wantedEmail ? normalizeEmail(options.wantedEmail) : null;
    const settled = wanted === null ? emails.length > 0 : emails[0]?.address === wanted;
    if (options.needEmail !== false && !settled) {
      const listed = await this.github.emails(credential.accessToken, options.signal);
      for (const entry of listed ?? []) {
        const address = normalizeEmail(entry.email);
        const known = emails.find((e) => e.address === address);
        if (known) {
          known.primary = entry.primary;
          known.verified ||= entry.verified;
        } else emails.push({ address, verified: entry.verified, primary: entry.primary });
      }
    }
    return {
      provider: 'github',
      providerAccountId: user.id,
      emails,
      name: user.name ?? user.login,
      picture: user.avatarUrl,
    };
  }
}
