/**
 * POST /auth/oauth/google and /auth/oauth/github (document 1, "Registration, login, tokens"):
 * "registers a new user or logs in an existing one". After the provider credential is proven
 * (provider-identity.ts), in this order:
 *   1. the provider account is linked → log in as its user;
 *   2. a user has the e-mail the provider vouches for → link it to that user, log in;
 *   3. otherwise → create a verified user (no password) with the link, log in.
 * Every way ends in SignInService.complete, so devices and sessions are recorded exactly as for
 * password logins (login method `google` / `github`). The sign-up cap (3 per device and IP)
 * counts OAuth sign-ups too.
 */
import { randomUUID } from 'node:crypto';
import { LOOPBACK_OWNER } from '../../../api/principal.ts';
import type { UserRow } from '../../../db/schema/accounts.ts';
import { AppError } from '../../../errors.ts';
import type { AuthSignals } from '../auth/auth-signals.ts';
import type { SignInService } from '../auth/sign-in-service.ts';
import { normalizeEmail, type UserRepo } from '../auth/user-repo.ts';
import type { TokenResponse } from '../auth/user-schema.ts';
import { deviceFingerprint, type ClientInfo } from '../sessions/client-info.ts';
import type { AccountProviderRepo } from './account-provider-repo.ts';
import { invalidProviderToken, PROVIDER_NAMES, type Provider } from './provider-errors.ts';
import type { ProviderIdentity, ProviderVerifier } from './provider-identity.ts';

export interface OAuthSignIn {
  profile: {
    email?: string | null | undefined;
    name?: string | null | undefined;
    picture?: string | null | undefined;
  };
  account: {
    providerAccountId: string;
    id_token?: string | null | undefined;
    access_token?: string | null | undefined;
    type?: string | null | undefined;
  };
}

const MAX_NAME = 200;

/** Only web pictures: the studio renders `image` as an <img> source. */
function pictureUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\//i.test(value) && value.length <= 2048 ? value : null;
}

/**
 * The e-mail this sign-in is about. The profile's e-mail, when sent, must be one the provider
 * vouches for; without one, the provider's primary verified address is used.
 */
export function vouchedEmail(identity: ProviderIdentity, claimed: string | null): string | null {
  const { provider } = identity;
  const name = PROVIDER_NAMES[provider];
  if (claimed !== null) {
    const address = normalizeEmail(claimed);
    const entry = identity.emails.find((e) => e.address === address);
    const hint = provider === 'github' ? ' (a token with the user:email scope lets us check)' : '';
    if (!entry) {
      throw invalidProviderToken(
        provider,
        'email_mismatch',
        `${name} does not show ${address} for this account${hint}.`,
      );
    }
    if (!entry.verified) {
      throw invalidProviderToken(
        provider,
        'email_unverified',
        `${name} has not verified ${address} for this account.`,
      );
    }
    return address;
  }
  const verified = identity.emails.filter((e) => e.verified);
  return (verified.find((e) => e.primary) ?? verified[0])?.address ?? null;
}

function assertActive(user: UserRow): void {
  if (!user.isActive) throw new AppError('forbidden', 'This account is disabled.');
}

export class OAuthSignInService {
  constructor(
    private readonly users: UserRepo,
    private readonly links: AccountProviderRepo,
    private readonly verifier: ProviderVerifier,
    private readonly signals: AuthSignals,
    private readonly signIn: SignInService,
  ) {}

  async signInWith(
    provider: Provider,
    input: OAuthSignIn,
    client: ClientInfo,
    signal?: AbortSignal,
  ): Promise<TokenResponse> {
    const identity = await this.verifier.verify(
      provider,
      {
        providerAccountId: input.account.providerAccountId,
        idToken: input.account.id_token,
        accessToken: input.account.access_token,
      },
      { wantedEmail: input.profile.email ?? null, signal },
    );
    const email = vouchedEmail(identity, input.profile.email ?? null);
    // Everything from here is synchronous SQLite: no other sign-in can interleave.
    const link = this.links.find(provider, identity.providerAccountId);
    if (link) {
      const user = this.users.get(link.userId);
      if (!user) throw new AppError('not_found', 'The linked account no longer exists.');
      assertActive(user);
      return this.signIn.complete(user, client, provider);
    }
    if (email === null) {
      throw invalidProviderToken(
        provider,
        'email_unverified',
        `${PROVIDER_NAMES[provider]} vouches for no verified e-mail address on this account, ` +
          'and an account needs one.',
      );
    }
    const type = input.account.type ?? 'oauth';
    const existing = this.users.findByEmail(email);
    if (existing) {
      if (existing.id === LOOPBACK_OWNER) {
        throw new AppError('forbidden', 'Nobody signs in as the machine owner.');
      }
      assertActive(existing);
      if (this.links.findForUser(existing.id, provider)) {
        throw new AppError(
          'conflict',
          `The account for ${email} is already linked to a different ` +
            `${PROVIDER_NAMES[provider]} account.`,
        );
      }
      this.links.insert({
        userId: existing.id,
        provider,
        providerAccountId: identity.providerAccountId,
        type,
      });
      return this.signIn.complete(existing, client, provider);
    }
    const fingerprint = deviceFingerprint(client);
    this.signals.assertSignupAllowed(client.ip, fingerprint);
    const user = this.links.transaction(() => {
      const created = this.users.create({
        id: randomUUID(),
        email,
        passwordHash: null,
        fullName: (input.profile.name?.trim() || identity.name || email.split('@')[0] || email)
          .trim()
          .slice(0, MAX_NAME),
        image: pictureUrl(input.profile.picture) ?? pictureUrl(identity.picture),
        isVerified: true,
      });
      this.links.insert({
        userId: created.id,
        provider,
        providerAccountId: identity.providerAccountId,
        type,
      });
      return created;
    });
    this.signals.recordSignup(client.ip, fingerprint, email);
    // As with e-mail sign-up: the device that proved the identity starts out trusted.
    return this.signIn.complete(user, client, provider, { trustDevice: true });
  }
}
