/** All SQL on sync_offload_jobs: which hosted job runs each offloaded local job. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { syncOffloadJobs, type SyncOffloadRow } from '../../../db/schema/sync.ts';

export class OffloadRepo {
  constructor(
    private readonly db: Db,
    private readonly now: () => string,
  ) {}

  get(localJobId: number): SyncOffloadRow | undefined {
    return this.db
      .select()
      .from(syncOffloadJobs)
      .where(eq(syncOffloadJobs.localJobId, localJobId))
      .get();
  }

  record(localJobId: number, capability: string, hostedJobId: string, statusPath: string): void {
    const at = this.now();
    this.db
      .insert(syncOffloadJobs)
      .values({ localJobId, capability, hostedJobId, statusPath, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: syncOffloadJobs.localJobId,
        set: { hostedJobId, statusPath, updatedAt: at },
      })
      .run();
  }
}
