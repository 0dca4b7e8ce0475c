/**
 * SQL for linked sign-in providers (db/schema/accounts.ts, `account_providers`). The table's
 * unique indexes hold the two rules: a provider account belongs to one user, and a user has at
 * most one link per provider. Provider tokens are checked and dropped, never stored here
 * (docs/api/auth.md), so the token columns stay null.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accountProviders } from '../../../db/schema/accounts.ts';
import { AppError } from '../../../errors.ts';
import { nowIso } from '../auth/time.ts';
import type { Provider } from './provider-errors.ts';

export type AccountProviderRow = typeof accountProviders.$inferSelect;

export interface NewLink {
  userId: string;
  provider: Provider;
  providerAccountId: string;
  type: string;
}

export class AccountProviderRepo {
  constructor(private readonly db: Db) {}

  /** The link of a provider account, whoever it belongs to. */
  find(provider: Provider, providerAccountId: string): AccountProviderRow | undefined {
    return this.db
      .select()
      .from(accountProviders)
      .where(
        and(
          eq(accountProviders.provider, provider),
          eq(accountProviders.providerAccountId, providerAccountId),
        ),
      )
      .get();
  }

  findForUser(userId: string, provider: Provider): AccountProviderRow | undefined {
    return this.db
      .select()
      .from(accountProviders)
      .where(and(eq(accountProviders.userId, userId), eq(accountProviders.provider, provider)))
      .get();
  }

  listFor(userId: string): AccountProviderRow[] {
    return this.db
      .select()
      .from(accountProviders)
      .where(eq(accountProviders.userId, userId))
      .orderBy(asc(accountProviders.createdAt), asc(accountProviders.provider))
      .all();
  }

  countFor(userId: string): number {
    const row = this.db
      .select({ n: count() })
      .from(accountProviders)
      .where(eq(accountProviders.userId, userId))
      .get();
    return row?.n ?? 0;
  }

  insert(link: NewLink): AccountProviderRow {
    return this.db
      .insert(accountProviders)
      .values({ id: randomUUID(), ...link })
      .returning()
      .get();
  }

  touch(id: string, type: string, now = nowIso()): AccountProviderRow {
    const row = this.db
      .update(accountProviders)
      .set({ type, updatedAt: now })
      .where(eq(accountProviders.id, id))
      .returning()
      .get();
    if (!row) throw new AppError('not_found', 'This sign-in link no longer exists.');
    return row;
  }

  delete(id: string): void {
    this.db.delete(accountProviders).where(eq(accountProviders.id, id)).run();
  }

  /** Runs `work` in one SQLite transaction (better-sqlite3 transactions are synchronous). */
  transaction<T>(work: () => T): T {
    return this.db.transaction(() => work());
  }
}
