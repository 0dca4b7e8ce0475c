/**
 * Forwards the outbox to the hosted service (`POST /webhooks/ingest`, docs/api/webhooks.md,
 * "Forwarded events"): in order, in batches, each event until the hosted service acknowledges
 * it. A lost answer means the batch is sent again with the same event ids, which the hosted
 * service recognises (`duplicate`), so every event reaches the account's receivers once.
 */
import { AppError } from '../../../errors.ts';
import { errorDetail } from '../hosted/hosted-http.ts';
import type { HostedSession } from '../hosted/hosted-session.ts';
import type { OutboxRepo } from './outbox-repo.ts';

/** The hosted ingest route takes at most this many events per request. */
export const INGEST_BATCH = 100;

interface IngestResult {
  event_id: string;
  outcome: string;
}

function resultsOf(body: unknown): IngestResult[] {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as IngestResult[]) : [];
}

export class OutboxSender {
  constructor(
    private readonly repo: OutboxRepo,
    private readonly session: HostedSession,
    private readonly now: () => string,
  ) {}

  /** Sends everything queued; answers how many events the hosted service acknowledged. */
  async flush(signal?: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = this.repo.next(INGEST_BATCH);
      if (batch.length === 0) return sent;
      this.repo.countAttempt(batch.map((row) => row.seq));
      const answer = await this.session.call('POST', '/webhooks/ingest', {
        json: {
          events: batch.map((row) => ({
            event_id: row.eventId,
            event_type: row.eventType,
            created_at: row.createdAt,
            payload: JSON.parse(row.payload) as unknown,
          })),
        },
        ...(signal && { signal }),
      });
      if (answer.status !== 200) {
        throw new AppError(
          answer.status === 429 ? 'rate_limit_exceeded' : 'hosted_unreachable',
          `The hosted service did not take the forwarded events (${answer.status})` +
            (errorDetail(answer.body) ? `: ${errorDetail(answer.body)}` : '.'),
        );
      }
      const byId = new Map(resultsOf(answer.body).map((r) => [r.event_id, r.outcome]));
      const acknowledged = batch
        .filter((row) => byId.has(row.eventId))
        .map((row) => ({ seq: row.seq, outcome: String(byId.get(row.eventId)) }));
      this.repo.markSent(acknowledged, this.now());
      sent += acknowledged.length;
      // A batch the hosted service answered without acknowledging anything would loop forever.
      if (acknowledged.length === 0) {
        throw new AppError('hosted_unreachable', 'The hosted service acknowledged no event.');
      }
    }
  }
}
