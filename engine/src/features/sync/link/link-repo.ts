/** All SQL on sync_link: the one row saying whether and how this studio is linked. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { syncLink, type SyncLinkRow } from '../../../db/schema/sync.ts';

export type LinkPatch = Partial<Omit<typeof syncLink.$inferInsert, 'id' | 'installId'>>;

const ROW = 1;

export class LinkRepo {
  constructor(
    private readonly db: Db,
    private readonly now: () => string,
  ) {}

  /** The row, created (unlinked, with a fresh install id) on first use. */
  get(): SyncLinkRow {
    const row = this.db.select().from(syncLink).where(eq(syncLink.id, ROW)).get();
    if (row) return row;
    this.db
      .insert(syncLink)
      .values({ id: ROW, installId: randomUUID(), state: 'unlinked', updatedAt: this.now() })
      .onConflictDoNothing()
      .run();
    return this.db.select().from(syncLink).where(eq(syncLink.id, ROW)).get()!;
  }

  patch(patch: LinkPatch): SyncLinkRow {
    this.get();
    return this.db
      .update(syncLink)
      .set({ ...patch, updatedAt: this.now() })
      .where(eq(syncLink.id, ROW))
      .returning()
      .get()!;
  }
}
