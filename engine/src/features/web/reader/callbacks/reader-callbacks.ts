/**
 * The reader's per-job `webhook_url` (document 3 leaves its shape "not shown"; docs/api/reader.md,
 * "Callback"): when a reader job ends, one signed POST to that URL, designed exactly like our
 * webhooks — the same address rules (HTTPS on a public address, checked at creation and before
 * every attempt, loopback only with the owner's webhook opt-in), the same headers and signature,
 * the same retries (1, 2, 4, 8 minutes; the 5th failure dead-letters) — with a secret of its
 * own per job, shown once in the generate answer. Rows live in `reader_callbacks`, so a
 * callback due while the engine was down goes out when it starts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { readerCallbacks, type ReaderCallbackRow } from '../../../../db/schema/web.ts';
import { writeWhenFree } from '../../../../db/write-access.ts';
import { AppError } from '../../../../errors.ts';
import type { JobRow } from '../../../../jobs/job-repo.ts';
import type { JobEvent } from '../../../../jobs/job-types.ts';
import { AddressGuard, systemLookup } from '../../../platform/index.ts';
import { ATTEMPT_TIMEOUT_MS, deliveryHeaders, sendWebhook } from '../../../webhooks/index.ts';
import type { WebContext } from '../../web-deps.ts';
import { READER_JOB } from '../reader-job.ts';

export const MAX_ATTEMPTS = 5;
const POLL_MS = 1000;

export function retryDelayMs(failedAttempts: number): number {
  return Math.min(60, 2 ** (failedAttempts - 1)) * 60_000;
}

/** How long a sent callback's outcome waits for a busy database (then it may be sent again). */
const RECORD_WAIT_MS = 10 * 60_000;

export class ReaderCallbacks {
  private readonly guard: AddressGuard;
  private readonly ca: Buffer[] | null;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private busy = false;

  constructor(
    private readonly deps: WebContext,
    private readonly payloadOf: (row: JobRow) => Record<string, unknown>,
  ) {
    const { config } = deps;
    this.guard = new AddressGuard({
      loopbackPorts: config.profile === 'local' ? config.webhooksLoopbackPorts : [],
      lookup: systemLookup,
    });
    this.ca = config.webhooksCaFile
      ? [...tls.rootCertificates.map((c) => Buffer.from(c)), fs.readFileSync(config.webhooksCaFile)]
      : null;
  }

  /** 400 when the URL may not receive callbacks (the webhook address rules). */
  async check(url: string): Promise<void> {
    const judged = await this.guard.check(url);
    if (!judged.ok)
      throw new AppError('validation_error', `webhook_url is not accepted: ${judged.reason}.`, {
        details: { fields: [{ loc: ['body', 'webhook_url'], msg: judged.reason }] },
      });
  }

  /** Records the callback of a new job; returns its signing secret (shown once). */
  register(jobId: number, ownerId: string, url: string): string {
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    this.deps.db
      .insert(readerCallbacks)
      .values({ jobId, ownerId, url, secret, status: 'waiting' })
      .run();
    return secret;
  }

  forget(jobId: number): void {
    this.deps.db.delete(readerCallbacks).where(eq(readerCallbacks.jobId, jobId)).run();
  }

  get(jobId: number): ReaderCallbackRow | undefined {
    return this.deps.db
      .select()
      .from(readerCallbacks)
      .where(eq(readerCallbacks.jobId, jobId))
      .get();
  }

  start(): void {
    this.unsubscribe = this.deps.jobEvents.subscribe((event) => this.onEvent(event));
    this.timer = setInterval(() => this.deliverInBackground(), POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private onEvent(event: JobEvent): void {
    if (event.job.type !== READER_JOB) return;
    if (!['job.completed', 'job.failed', 'job.cancelled'].includes(event.event)) return;
    const callback = this.get(event.job.id);
    const row = this.deps.jobRepo.get(event.job.id);
    if (!callback || callback.status !== 'waiting' || !row) return;
    const now = new Date(this.deps.clock.now()).toISOString();
    const eventId = randomUUID();
    const body = JSON.stringify({
      event_type: event.event,
      event_id: eventId,
      created_at: now,
      ...this.payloadOf(row),
    });
    this.deps.db
      .update(readerCallbacks)
      .set({ status: 'pending', eventId, eventType: event.event, body, nextAttemptAt: now })
      .where(eq(readerCallbacks.jobId, event.job.id))
      .run();
    this.deliverInBackground();
  }

  /** `deliverDue` from a timer or an event: a failure is logged, never thrown at the loop. */
  private deliverInBackground(): void {
    this.deliverDue().catch((error: unknown) => {
      this.deps.log(`reader callbacks: ${String(error)}`);
    });
  }

  /** Sends every due callback, one at a time (a reader job has exactly one). */
  async deliverDue(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = new Date(this.deps.clock.now()).toISOString();
      const due = this.deps.db
        .select()
        .from(readerCallbacks)
        .where(
          and(
            inArray(readerCallbacks.status, ['pending', 'retrying']),
            lte(readerCallbacks.nextAttemptAt, now),
          ),
        )
        .all();
      for (const row of due) await this.attempt(row);
    } finally {
      this.busy = false;
    }
  }

  private async attempt(row: ReaderCallbackRow): Promise<void> {
    const body = row.body ?? '{}';
    const judged = await this.guard.check(row.url);
    const outcome = judged.ok
      ? await sendWebhook(
          judged.target,
          body,
          deliveryHeaders({
            secret: row.secret,
            timestamp: Math.floor(this.deps.clock.now() / 1000),
            body,
            eventType: row.eventType ?? 'job.completed',
            eventId: row.eventId ?? '',
          }),
          { timeoutMs: ATTEMPT_TIMEOUT_MS, ca: this.ca },
        )
      : { status: null, error: `refused before sending: ${judged.reason}` };
    const attempts = row.attempts + 1;
    const now = this.deps.clock.now();
    const delivered = outcome.error === null;
    const record = (): void => {
      this.deps.db
        .update(readerCallbacks)
        .set({
          attempts,
          responseCode: outcome.status,
          lastError: outcome.error,
          status: delivered ? 'delivered' : attempts >= MAX_ATTEMPTS ? 'dead_lettered' : 'retrying',
          deliveredAt: delivered ? new Date(now).toISOString() : null,
          nextAttemptAt:
            delivered || attempts >= MAX_ATTEMPTS
              ? null
              : new Date(now + retryDelayMs(attempts)).toISOString(),
        })
        .where(eq(readerCallbacks.jobId, row.jobId))
        .run();
    };
    // Sent: the outcome waits for a database another process holds rather than being lost (the
    // callback would go out again) — db/write-access.ts.
    await writeWhenFree(record, { waitMs: RECORD_WAIT_MS });
  }
}
