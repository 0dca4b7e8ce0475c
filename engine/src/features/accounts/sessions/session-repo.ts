/**
 * SQL for login sessions and their refresh tokens (db/schema/sessions.ts). A session is live
 * while `revoked_at` is null and `expires_at` is in the future.
 */
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  authSessions,
  refreshTokens,
  type AuthSessionRow,
  type RefreshTokenRow,
} from '../../../db/schema/sessions.ts';
import { nowIso } from '../auth/time.ts';

export type NewSession = typeof authSessions.$inferInsert;

export class SessionRepo {
  constructor(private readonly db: Db) {}

  create(values: NewSession): AuthSessionRow {
    return this.db.insert(authSessions).values(values).returning().get();
  }

  get(id: string): AuthSessionRow | undefined {
    return this.db.select().from(authSessions).where(eq(authSessions.id, id)).get();
  }

  listLive(userId: string, now = nowIso()): AuthSessionRow[] {
    return this.db
      .select()
      .from(authSessions)
      .where(
        and(
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
        ),
      )
      .orderBy(desc(authSessions.lastActive))
      .all();
  }

  /** Ends one session; false when it was already ended. */
  revoke(id: string, reason: string, now = nowIso()): boolean {
    const result = this.db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
      .run();
    return result.changes > 0;
  }

  /** Ends every live session of a user except `keepId`; returns how many ended. */
  revokeAllOf(userId: string, reason: string, keepId: string | null, now = nowIso()): number {
    const conditions = [eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
    if (keepId !== null) conditions.push(ne(authSessions.id, keepId));
    return this.db
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(...conditions))
      .run().changes;
  }

  touch(id: string, patch: { lastActive: string; expiresAt?: string; ipAddress?: string }): void {
    this.db.update(authSessions).set(patch).where(eq(authSessions.id, id)).run();
  }

  insertRefreshToken(values: typeof refreshTokens.$inferInsert): void {
    this.db.insert(refreshTokens).values(values).run();
  }

  findRefreshToken(tokenHash: string): RefreshTokenRow | undefined {
    return this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).get();
  }

  /**
   * Marks a refresh token used. Conditional on it being unused, so of two racing refreshes with
   * the same token exactly one wins and the other is treated as reuse.
   */
  markRotated(id: string, now = nowIso()): boolean {
    return (
      this.db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt)))
        .run().changes > 0
    );
  }

  /** Runs `work` in one SQLite transaction (better-sqlite3 transactions are synchronous). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(() => work());
  }
}
