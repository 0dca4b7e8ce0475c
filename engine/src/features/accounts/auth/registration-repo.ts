/** SQL for sign-ups waiting for their e-mailed code (db/schema/accounts.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pendingRegistrations, type PendingRegistrationRow } from '../../../db/schema/accounts.ts';

export type NewPendingRegistration = Omit<
  typeof pendingRegistrations.$inferInsert,
  'attempts' | 'createdAt'
>;

export class RegistrationRepo {
  constructor(private readonly db: Db) {}

  /** Initiating again for the same e-mail replaces the previous code. */
  upsert(values: NewPendingRegistration): void {
    this.db
      .insert(pendingRegistrations)
      .values(values)
      .onConflictDoUpdate({
        target: pendingRegistrations.email,
        set: { ...values, attempts: 0, createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
      })
      .run();
  }

  get(email: string): PendingRegistrationRow | undefined {
    return this.db
      .select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email))
      .get();
  }

  countWrongAttempt(email: string): void {
    this.db
      .update(pendingRegistrations)
      .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
      .where(eq(pendingRegistrations.email, email))
      .run();
  }

  delete(email: string): void {
    this.db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email)).run();
  }
}
