/**
 * Reads of `credit_usage` (document 1, "Credit usage record"): the rows the ledger writes when
 * a reservation is settled, as the contract shows them.
 */
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditUsage, type CreditPool, type CreditUsageRow } from '../../db/schema/credits.ts';

export interface CreditUsageRecord {
  id: string;
  user_credits_id: string;
  credits_used: number;
  service_type: string;
  audio_duration: number;
  credit_source: CreditPool;
  created_at: string;
  usage_metadata: Record<string, unknown>;
}

export interface UsageFilter {
  serviceType?: string | undefined;
  creditSource?: CreditPool | undefined;
  jobId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

function toUsageRecord(row: CreditUsageRow): CreditUsageRecord {
  return {
    id: row.id,
    user_credits_id: row.userCreditsId,
    credits_used: row.creditsUsed,
    service_type: row.serviceType,
    audio_duration: row.audioDuration,
    credit_source: row.creditSource,
    created_at: row.createdAt,
    usage_metadata: row.usageMetadata,
  };
}

export class UsageRecords {
  constructor(private readonly db: Db) {}

  /** The caller's usage records, newest first, filtered and paged. */
  list(userId: string, filter: UsageFilter): { records: CreditUsageRecord[]; total: number } {
    const conditions: SQL[] = [eq(creditUsage.userId, userId)];
    if (filter.serviceType) conditions.push(eq(creditUsage.serviceType, filter.serviceType));
    if (filter.creditSource) conditions.push(eq(creditUsage.creditSource, filter.creditSource));
    if (filter.jobId !== undefined) conditions.push(eq(creditUsage.jobId, filter.jobId));
    if (filter.from) conditions.push(gte(creditUsage.createdAt, filter.from));
    if (filter.to) conditions.push(lt(creditUsage.createdAt, filter.to));
    const where = and(...conditions);
    const rows = this.db
      .select()
      .from(creditUsage)
      .where(where)
      .orderBy(desc(creditUsage.createdAt), desc(creditUsage.id))
      .limit(filter.limit)
      .offset(filter.offset)
      .all();
    const total = this.db.select({ n: count() }).from(creditUsage).where(where).get()?.n ?? 0;
    return { records: rows.map(toUsageRecord), total };
  }
}
