/**
 * The public name of each reader job (docs/api/reader.md, "Public view"): 128 random bits, so a
 * public view or embed page is reached only through the link its owner shares, never by counting
 * job ids. Made when the job is created (and, for a job that has none yet, on first need); ended
 * with the narration.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { readerPublicLinks } from '../../../db/schema/web.ts';

/** 32 lower-case hex characters, as the migration that named the older jobs writes them. */
const PUBLIC_ID = /^[0-9a-f]{32}$/;

export class ReaderPublicLinks {
  constructor(private readonly db: Db) {}

  /** The job's public id, made now when it has none. */
  idFor(jobId: number): string {
    const found = this.db
      .select({ publicId: readerPublicLinks.publicId })
      .from(readerPublicLinks)
      .where(eq(readerPublicLinks.jobId, jobId))
      .get();
    if (found) return found.publicId;
    this.db
      .insert(readerPublicLinks)
      .values({ publicId: randomBytes(16).toString('hex'), jobId })
      .onConflictDoNothing({ target: readerPublicLinks.jobId })
      .run();
    return this.idFor(jobId);
  }

  /** The job a public id names, or null (a malformed id is simply unknown). */
  jobFor(publicId: string): number | null {
    if (!PUBLIC_ID.test(publicId)) return null;
    const found = this.db
      .select({ jobId: readerPublicLinks.jobId })
      .from(readerPublicLinks)
      .where(eq(readerPublicLinks.publicId, publicId))
      .get();
    return found?.jobId ?? null;
  }

  /** Ends the public view of a deleted narration for good. */
  forget(jobId: number): void {
    this.db.delete(readerPublicLinks).where(eq(readerPublicLinks.jobId, jobId)).run();
  }
}
