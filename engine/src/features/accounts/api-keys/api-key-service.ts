/**
 * API keys (document 1, "API keys", Authentication 1, 2 and 4). The secret is `th_` plus 32
 * random bytes, shown once; only its sha256 is stored, so a copied database yields no usable
 * key. Deleting revokes permanently. A key authenticates as its owner with its own scopes.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Principal } from '../../../api/principal.ts';
import type { ApiKeyRow } from '../../../db/schema/api-keys.ts';
import { skipWhenBusy } from '../../../db/write-access.ts';
import { AppError } from '../../../errors.ts';
import { isPast, isoAfterSeconds } from '../auth/time.ts';
import type { UserRepo } from '../auth/user-repo.ts';
import type { ApiKeyRepo } from './api-key-repo.ts';
import type { ApiKeyStatus, ApiKeyView, CreateApiKey, CreatedApiKey } from './schemas.ts';

export const API_KEY_PREFIX = 'th_';

function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function statusOf(row: ApiKeyRow): ApiKeyStatus {
  if (row.revokedAt !== null) return 'revoked';
  if (row.expiresAt !== null && isPast(row.expiresAt)) return 'expired';
  return 'active';
}

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    description: row.description,
    status: statusOf(row),
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    last_used_at: row.lastUsedAt,
    revoked_at: row.revokedAt,
  };
}

function rejected(message: string): AppError {
  return new AppError('unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepo,
    private readonly users: UserRepo,
  ) {}

  create(userId: string, input: CreateApiKey): CreatedApiKey {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const days = input.expires_in_days ?? null;
    const row = this.keys.insert({
      id: randomUUID(),
      userId,
      name: input.name,
      description: input.description ?? '',
      keyHash: hashKey(secret),
      scopes: [...new Set(input.scopes)],
      expiresAt: days === null ? null : isoAfterSeconds(days * 86_400),
    });
    return { ...toView(row), api_key: secret };
  }

  list(userId: string, status: ApiKeyStatus | undefined): ApiKeyView[] {
    const all = this.keys.listFor(userId).map(toView);
    return status === undefined ? all : all.filter((key) => key.status === status);
  }

  /** Another user's key answers exactly like a missing one: ids must not leak. */
  revoke(userId: string, keyId: string): void {
    const row = this.keys.get(keyId);
    if (!row || row.userId !== userId)
      throw new AppError('not_found', `API key ${keyId} not found.`);
    this.keys.revoke(keyId);
  }

  /** The principal for a presented secret; null when it is not an API key at all. */
  authenticate(secret: string): Principal | null {
    if (!secret.startsWith(API_KEY_PREFIX)) return null;
    const row = this.keys.findByHash(hashKey(secret));
    if (!row) throw rejected('Invalid API key.');
    const status = statusOf(row);
    if (status !== 'active') throw rejected(`This API key is ${status}.`);
    if (this.users.get(row.userId)?.isActive !== true) throw rejected('This account is disabled.');
    // A last-used time is skipped, not waited for, while another process holds the database.
    skipWhenBusy(() => this.keys.markUsed(row.id));
    return { userId: row.userId, kind: 'api_key', scopes: row.scopes, credentialId: row.id };
  }
}
