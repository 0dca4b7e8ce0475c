/** SQL for phone one-time codes (db/schema/accounts.ts). */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { phoneVerifications, type PhoneVerificationRow } from '../../../db/schema/accounts.ts';
import { nowIso } from './time.ts';

export class PhoneVerificationRepo {
  constructor(private readonly db: Db) {}

  add(values: Omit<typeof phoneVerifications.$inferInsert, 'attempts' | 'createdAt'>): void {
    this.db.insert(phoneVerifications).values(values).run();
  }

  /** The newest unused code sent to this number for this user. */
  latestOpen(userId: string, phoneNumber: string): PhoneVerificationRow | undefined {
    return this.db
      .select()
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          eq(phoneVerifications.phoneNumber, phoneNumber),
          isNull(phoneVerifications.consumedAt),
        ),
      )
      .orderBy(desc(phoneVerifications.createdAt))
      .get();
  }

  countWrongAttempt(id: string): void {
    this.db
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(eq(phoneVerifications.id, id))
      .run();
  }

  consume(id: string, now = nowIso()): boolean {
    return (
      this.db
        .update(phoneVerifications)
        .set({ consumedAt: now })
        .where(and(eq(phoneVerifications.id, id), isNull(phoneVerifications.consumedAt)))
        .run().changes > 0
    );
  }
}
