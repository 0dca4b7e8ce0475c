/** SQL for forgot-password tokens (db/schema/accounts.ts). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { passwordResetTokens } from '../../../db/schema/accounts.ts';
import { nowIso } from './time.ts';

export class PasswordResetRepo {
  constructor(private readonly db: Db) {}

  add(tokenHash: string, userId: string, expiresAt: string): void {
    this.db.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt }).run();
  }

  find(tokenHash: string) {
    return this.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, tokenHash))
      .get();
  }

  /** Uses a token; false when it was already used (single use, even under a race). */
  use(tokenHash: string, now = nowIso()): boolean {
    return (
      this.db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)),
        )
        .run().changes > 0
    );
  }

  /** Voids every open token of a user (after a reset or a password change). */
  voidAllOf(userId: string, now = nowIso()): void {
    this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
      .run();
  }
}
