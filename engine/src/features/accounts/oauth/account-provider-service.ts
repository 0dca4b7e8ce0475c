/**
 * The caller's linked sign-in providers (document 1, "Profile and security":
 * /auth/account-providers). Linking proves the provider credential exactly as sign-in does
 * (provider-identity.ts), so nobody can attach a Google or GitHub account they do not hold.
 * Rules (docs/api/auth.md, OAuth): a provider account belongs to one user (409), a user has one
 * link per provider (409), and the last way to sign in of an account without a password cannot
 * be unlinked (409).
 */
import { LOOPBACK_OWNER } from '../../../api/principal.ts';
import { AppError } from '../../../errors.ts';
import type { UserRepo } from '../auth/user-repo.ts';
import type { AccountProviderRepo, AccountProviderRow } from './account-provider-repo.ts';
import { PROVIDER_NAMES, type Provider } from './provider-errors.ts';
import type { ProviderVerifier } from './provider-identity.ts';

export interface AccountProviderRecord {
  id: string;
  provider: Provider;
  provider_account_id: string;
  type: string;
  created_at: string;
  updated_at: string;
}

export interface LinkRequest {
  provider: Provider;
  provider_account_id: string;
  type?: string | undefined;
  access_token?: string | null | undefined;
  id_token?: string | null | undefined;
}

/** The link record; the row's token columns are never part of it. */
export function toRecord(row: AccountProviderRow): AccountProviderRecord {
  return {
    id: row.id,
    provider: row.provider,
    provider_account_id: row.providerAccountId,
    type: row.type,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export class AccountProviderService {
  constructor(
    private readonly users: UserRepo,
    private readonly links: AccountProviderRepo,
    private readonly verifier: ProviderVerifier,
  ) {}

  async link(
    userId: string,
    request: LinkRequest,
    signal?: AbortSignal,
  ): Promise<AccountProviderRecord> {
    if (userId === LOOPBACK_OWNER) {
      // The machine owner has no login by design (docs/api/auth.md, Credentials).
      throw new AppError(
        'forbidden',
        'The studio token’s owner account cannot have sign-in providers; link them from a ' +
          'user’s own login.',
      );
    }
    const { provider } = request;
    const identity = await this.verifier.verify(
      provider,
      {
        providerAccountId: request.provider_account_id,
        idToken: request.id_token,
        accessToken: request.access_token,
      },
      { needEmail: false, signal },
    );
    const type = request.type ?? 'oauth';
    const name = PROVIDER_NAMES[provider];
    const taken = this.links.find(provider, identity.providerAccountId);
    if (taken && taken.userId !== userId) {
      throw new AppError('conflict', `This ${name} account is linked to another user.`);
    }
    if (taken) return toRecord(this.links.touch(taken.id, type));
    const mine = this.links.findForUser(userId, provider);
    if (mine) {
      throw new AppError(
        'conflict',
        `A different ${name} account is already linked; unlink it first ` +
          `(DELETE /auth/account-providers/${provider}).`,
      );
    }
    return toRecord(
      this.links.insert({ userId, provider, providerAccountId: identity.providerAccountId, type }),
    );
  }

  list(userId: string): AccountProviderRecord[] {
    return this.links.listFor(userId).map(toRecord);
  }

  /** Synchronous from check to delete, so two unlinks cannot both pass the last-method check. */
  unlink(userId: string, provider: Provider): void {
    const link = this.links.findForUser(userId, provider);
    if (!link) throw new AppError('not_found', `No ${PROVIDER_NAMES[provider]} account is linked.`);
    const user = this.users.get(userId);
    if (user?.passwordHash === null && this.links.countFor(userId) <= 1) {
      throw new AppError(
        'conflict',
        `${PROVIDER_NAMES[provider]} is this account’s only way to sign in. Set a password ` +
          '(POST /auth/forgot-password) or link another provider first.',
        { details: { reason: 'last_sign_in_method' } },
      );
    }
    this.links.delete(link.id);
  }
}
