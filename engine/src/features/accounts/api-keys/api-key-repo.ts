/** SQL for API keys (db/schema/api-keys.ts). */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { apiKeys, type ApiKeyRow } from '../../../db/schema/api-keys.ts';
import { nowIso } from '../auth/time.ts';

export class ApiKeyRepo {
  constructor(private readonly db: Db) {}

  insert(values: typeof apiKeys.$inferInsert): ApiKeyRow {
    return this.db.insert(apiKeys).values(values).returning().get();
  }

  get(id: string): ApiKeyRow | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  }

  findByHash(keyHash: string): ApiKeyRow | undefined {
    return this.db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
  }

  listFor(userId: string): ApiKeyRow[] {
    return this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.createdAt))
      .all();
  }

  /** Revokes permanently; a second call leaves the first `revoked_at` in place. */
  revoke(id: string, now = nowIso()): void {
    this.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .run();
  }

  markUsed(id: string, now = nowIso()): void {
    this.db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)).run();
  }
}
