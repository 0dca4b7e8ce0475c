/** SQL for the auth_attempts log (failed logins, sign-ups) that CAPTCHA and limits read. */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { authAttempts } from '../../../db/schema/auth-signals.ts';

export type AttemptKind = 'login_failed' | 'signup';

export class AuthAttemptRepo {
  constructor(private readonly db: Db) {}

  record(kind: AttemptKind, ip: string, deviceFingerprint: string | null, email: string | null) {
    this.db.insert(authAttempts).values({ kind, ipAddress: ip, deviceFingerprint, email }).run();
  }

  /** Failed logins only matter for minutes; sign-ups are kept (the cap has no window). */
  pruneFailedLogins(beforeIso: string): void {
    this.db
      .delete(authAttempts)
      .where(and(eq(authAttempts.kind, 'login_failed'), lt(authAttempts.createdAt, beforeIso)))
      .run();
  }

  countByIp(kind: AttemptKind, ip: string, sinceIso: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, kind),
            eq(authAttempts.ipAddress, ip),
            gt(authAttempts.createdAt, sinceIso),
          ),
        )
        .get()?.n ?? 0
    );
  }

  countByDevice(kind: AttemptKind, ip: string, deviceFingerprint: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, kind),
            eq(authAttempts.ipAddress, ip),
            eq(authAttempts.deviceFingerprint, deviceFingerprint),
          ),
        )
        .get()?.n ?? 0
    );
  }
}
