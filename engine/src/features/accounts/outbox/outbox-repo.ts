/** SQL for the local outbox (db/schema/outbox.ts). */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { outboxMessages, type OutboxMessageRow } from '../../../db/schema/outbox.ts';

export type OutboxChannel = 'email' | 'sms';

export interface OutboxFilter {
  recipient?: string;
  channel?: OutboxChannel;
  limit: number;
}

export class OutboxRepo {
  constructor(private readonly db: Db) {}

  add(channel: OutboxChannel, recipient: string, subject: string, body: string): void {
    this.db.insert(outboxMessages).values({ channel, recipient, subject, body }).run();
  }

  /** Newest first. */
  list(filter: OutboxFilter): OutboxMessageRow[] {
    const conditions: SQL[] = [];
    if (filter.recipient) conditions.push(eq(outboxMessages.recipient, filter.recipient));
    if (filter.channel) conditions.push(eq(outboxMessages.channel, filter.channel));
    return this.db
      .select()
      .from(outboxMessages)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(filter.limit)
      .all();
  }
}
