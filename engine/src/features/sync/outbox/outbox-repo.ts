/** All SQL on sync_outbox: job events waiting to be forwarded, oldest first. */
import { and, asc, count, eq, inArray, isNull, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { syncOutbox, type SyncOutboxRow } from '../../../db/schema/sync.ts';

export interface QueuedEvent {
  eventId: string;
  eventType: string;
  jobId: number | null;
  payload: Record<string, unknown>;
  createdAt: string;
}

export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** Queues events in order; an event id already queued is ignored. */
  add(events: QueuedEvent[]): void {
    if (events.length === 0) return;
    this.db.transaction((tx) => {
      for (const event of events) {
        tx.insert(syncOutbox)
          .values({
            eventId: event.eventId,
            eventType: event.eventType,
            jobId: event.jobId,
            payload: JSON.stringify(event.payload),
            createdAt: event.createdAt,
          })
          .onConflictDoNothing()
          .run();
      }
    });
  }

  /** The oldest unsent events. */
  next(limit: number): SyncOutboxRow[] {
    return this.db
      .select()
      .from(syncOutbox)
      .where(isNull(syncOutbox.sentAt))
      .orderBy(asc(syncOutbox.seq))
      .limit(limit)
      .all();
  }

  markSent(outcomes: { seq: number; outcome: string }[], at: string): void {
    this.db.transaction((tx) => {
      for (const { seq, outcome } of outcomes) {
        tx.update(syncOutbox)
          .set({ sentAt: at, outcome })
          .where(and(eq(syncOutbox.seq, seq), isNull(syncOutbox.sentAt)))
          .run();
      }
    });
  }

  countAttempt(seqs: number[]): void {
    if (seqs.length === 0) return;
    const rows = this.db.select().from(syncOutbox).where(inArray(syncOutbox.seq, seqs)).all();
    this.db.transaction((tx) => {
      for (const row of rows) {
        tx.update(syncOutbox)
          .set({ attempts: row.attempts + 1 })
          .where(eq(syncOutbox.seq, row.seq))
          .run();
      }
    });
  }

  queued(): number {
    return (
      this.db.select({ n: count() }).from(syncOutbox).where(isNull(syncOutbox.sentAt)).get()?.n ?? 0
    );
  }

  forwarded(): number {
    return (
      this.db.select({ n: count() }).from(syncOutbox).where(isNotNull(syncOutbox.sentAt)).get()
        ?.n ?? 0
    );
  }

  /** Unlinking drops what was not forwarded: it belonged to the account being left. */
  dropUnsent(): number {
    return this.db.delete(syncOutbox).where(isNull(syncOutbox.sentAt)).run().changes;
  }
}
