/**
 * SQL for the auth_attempts log (failed logins, sign-ups, e-mails sent) that CAPTCHA and the
 * limits read.
 */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { authAttempts } from '../../../db/schema/auth-signals.ts';

export type AttemptKind = 'login_failed' | 'signup' | 'message_sent';

export class AuthAttemptRepo {
  constructor(private readonly db: Db) {}

  record(kind: AttemptKind, ip: string, deviceFingerprint: string | null, email: string | null) {
    this.db.insert(authAttempts).values({ kind, ipAddress: ip, deviceFingerprint, email }).run();
  }

  /**
   * Failed logins and sent e-mails only matter for hours; sign-ups are kept (the cap has no
   * window).
   */
  prune(kind: Exclude<AttemptKind, 'signup'>, beforeIso: string): void {
    this.db
      .delete(authAttempts)
      .where(and(eq(authAttempts.kind, kind), lt(authAttempts.createdAt, beforeIso)))
      .run();
  }

  countByEmail(kind: AttemptKind, email: string, sinceIso: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, kind),
            eq(authAttempts.email, email),
            gt(authAttempts.createdAt, sinceIso),
          ),
        )
        .get()?.n ?? 0
    );
  }

  /** When the oldest of `kind` for `email` since `sinceIso` was recorded (the window's start). */
  oldestByEmail(kind: AttemptKind, email: string, sinceIso: string): string | null {
    return (
      this.db
        .select({ at: authAttempts.createdAt })
        .from(authAttempts)
        .where(
          and(
            eq(authAttempts.kind, kind),
            eq(authAttempts.email, email),
            gt(authAttempts.createdAt, sinceIso),
          ),
        )
        .orderBy(authAttempts.createdAt)
        .limit(1)
        .get()?.at ?? null
    );
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
