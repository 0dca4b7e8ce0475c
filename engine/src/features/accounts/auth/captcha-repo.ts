/** SQL for CAPTCHA challenges (db/schema/auth-signals.ts). */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { captchaChallenges, type CaptchaChallengeRow } from '../../../db/schema/auth-signals.ts';

export class CaptchaRepo {
  constructor(private readonly db: Db) {}

  create(values: typeof captchaChallenges.$inferInsert): void {
    this.db.insert(captchaChallenges).values(values).run();
  }

  /** Challenges are useless once expired; drop them so the table stays small. */
  deleteExpired(beforeIso: string): void {
    this.db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, beforeIso)).run();
  }

  get(id: string): CaptchaChallengeRow | undefined {
    return this.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, id)).get();
  }

  /** Counts an answer; a challenge takes one answer only, so guesses cannot be walked. */
  answer(id: string, solvedAt: string | null): void {
    this.db
      .update(captchaChallenges)
      .set({ attempts: 1, solvedAt })
      .where(eq(captchaChallenges.id, id))
      .run();
  }

  /** Marks a challenge used by a login or sign-up; false if something else used it first. */
  consume(id: string, now: string): boolean {
    return (
      this.db
        .update(captchaChallenges)
        .set({ consumedAt: now })
        .where(and(eq(captchaChallenges.id, id), isNull(captchaChallenges.consumedAt)))
        .run().changes > 0
    );
  }
}
