/** All SQL on checkout_sessions (db/schema/checkout.ts). */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { checkoutSessions, type CheckoutSessionRow } from '../../../db/schema/checkout.ts';

export class CheckoutRepo {
  constructor(private readonly db: Db) {}

  insert(values: typeof checkoutSessions.$inferInsert): CheckoutSessionRow {
    return this.db.insert(checkoutSessions).values(values).returning().get();
  }

  get(id: string): CheckoutSessionRow | undefined {
    return this.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).get();
  }

  /** Moves an open session to `status`; false when it was not open (already handled). */
  close(
    id: string,
    status: 'completed' | 'expired',
    patch: { completedBy: string; completedAt: string },
  ): boolean {
    return (
      this.db
        .update(checkoutSessions)
        .set({ status, ...patch })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
        .run().changes === 1
    );
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(() => fn());
  }
}
