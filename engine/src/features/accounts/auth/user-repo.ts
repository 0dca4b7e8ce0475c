/**
 * SQL for accounts (db/schema/accounts.ts). E-mails are stored trimmed and lower-cased, so
 * "Ana@Example.com" and "ana@example.com" are one account.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type NewUserRow, type UserRow } from '../../../db/schema/accounts.ts';
import { LOOPBACK_OWNER } from '../../../api/principal.ts';
import { AppError } from '../../../errors.ts';
import { nowIso } from './time.ts';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The machine owner's row: what the studio token stands for (no password, cannot log in). */
export const OWNER_EMAIL = 'owner@tapehouse.local';

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'fullName'
    | 'userType'
    | 'audioUsage'
    | 'phoneNumber'
    | 'phoneVerified'
    | 'countryCode'
    | 'passwordHash'
    | 'image'
  >
>;

export class UserRepo {
  constructor(private readonly db: Db) {}

  get(id: string): UserRow | undefined {
    return this.db.select().from(users).where(eq(users.id, id)).get();
  }

  findByEmail(email: string): UserRow | undefined {
    return this.db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .get();
  }

  create(values: NewUserRow): UserRow {
    return this.db
      .insert(users)
      .values({ ...values, email: normalizeEmail(values.email) })
      .returning()
      .get();
  }

  update(id: string, patch: UserPatch): UserRow {
    const row = this.db
      .update(users)
      .set({ ...patch, updatedAt: nowIso() })
      .where(eq(users.id, id))
      .returning()
      .get();
    if (!row) throw new AppError('not_found', `User ${id} not found.`);
    return row;
  }

  /** Creates the machine owner's row on first start (the studio token's principal). */
  ensureOwner(): void {
    this.db
      .insert(users)
      .values({
        id: LOOPBACK_OWNER,
        email: OWNER_EMAIL,
        fullName: 'Studio owner',
        isVerified: true,
      })
      .onConflictDoNothing()
      .run();
  }
}
