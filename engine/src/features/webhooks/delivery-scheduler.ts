/**
 * Sends due webhook deliveries (document 1, Delivery rules; "States and transitions": webhook
 * delivery). Deliveries are rows in SQLite, so the scheduler simply polls for due ones — after a
 * restart it picks up where the last process stopped. Time comes from the engine's clock, so
 * tests step through the retry schedule without waiting.
 *
 * A slow or dead receiver never delays anything else: attempts run concurrently up to a global
 * limit, each under its own deadline, and nothing in a request path awaits them (routes only
 * insert rows and `kick()`). Slots are shared fairly (docs/api/webhooks.md, "Fair delivery"): an
 * owner holds at most `perOwner` of them and an endpoint `perEndpoint`, owners and endpoints at
 * their share are left out of the due query (so one owner's thousands of due rows cannot hide
 * another's), and what is due is started round-robin across owners, oldest first within each.
 */
import type { Clock } from '../../clock.ts';
import type { WebhookDeliveryRow } from '../../db/schema/webhooks.ts';
import { writeWhenFree } from '../../db/write-access.ts';
import type { AddressGuard } from '../platform/index.ts';
import { sendWebhook, type AttemptOutcome, type SendOptions } from './delivery-sender.ts';
import { retryDelayMs } from './retry-policy.ts';
import { deliveryHeaders } from './signing.ts';
import type { WebhookRepo } from './webhook-repo.ts';

export interface SchedulerOptions {
  clock: Clock;
  /** Attempts in flight across all endpoints. */
  concurrency: number;
  /** Attempts in flight per endpoint, so one slow receiver cannot take every slot. */
  perEndpoint: number;
  /**
   * Attempts in flight per owner (all their endpoints), so one account's slow receivers cannot
   * take every slot from the others; below `concurrency`.
   */
  perOwner: number;
  /** How often the database is polled for due deliveries (real time). */
  pollMs: number;
  send: SendOptions;
  log: (line: string) => void;
}

interface InFlight {
  endpointId: string;
  ownerId: string;
  done: Promise<void>;
}

/** Round-robin across owners, each owner's rows in the order given (oldest first). */
export function interleaveByOwner<T extends { ownerId: string }>(rows: readonly T[]): T[] {
  const queues = new Map<string, T[]>();
  for (const row of rows) {
    const queue = queues.get(row.ownerId);
    if (queue) queue.push(row);
    else queues.set(row.ownerId, [row]);
  }
  const out: T[] = [];
  for (let round = 0; out.length < rows.length; round++) {
    for (const queue of queues.values()) {
      const row = queue[round];
      if (row) out.push(row);
    }
  }
  return out;
}

function countBy(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

export class DeliveryScheduler {
  private readonly inFlight = new Map<string, InFlight>();
  private timer: NodeJS.Timeout | null = null;
  private kicked = false;
  private stopped = false;
  /** Ends the waits for a busy database on stop (an unrecorded attempt is sent again later). */
  private readonly halted = new AbortController();

  constructor(
    private readonly repo: WebhookRepo,
    private readonly guard: AddressGuard,
    private readonly options: SchedulerOptions,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.tick(), this.options.pollMs);
    this.timer.unref();
    this.tick();
  }

  /** Look for due work soon (coalesced), e.g. after a new delivery was stored. */
  kick(): void {
    if (this.kicked || this.stopped) return;
    this.kicked = true;
    setImmediate(() => {
      this.kicked = false;
      this.tick();
    });
  }

  /** Starts every due attempt that fits in the limits, fairly. Never awaits them. */
  tick(): void {
    if (this.stopped) return;
    const { concurrency, perOwner, perEndpoint } = this.options;
    const now = new Date(this.options.clock.now()).toISOString();
    const flights = [...this.inFlight.values()];
    const byOwner = countBy(flights.map((f) => f.ownerId));
    const byEndpoint = countBy(flights.map((f) => f.endpointId));
    for (;;) {
      const free = concurrency - this.inFlight.size;
      if (free <= 0) return;
      const full = (counts: Map<string, number>, cap: number): string[] =>
        [...counts].filter(([, n]) => n >= cap).map(([key]) => key);
      // Over-fetch a little: several due rows may share an endpoint or an owner.
      const due = this.repo.due(now, free * 4, {
        deliveries: [...this.inFlight.keys()],
        owners: full(byOwner, perOwner),
        endpoints: full(byEndpoint, perEndpoint),
      });
      let started = 0;
      for (const delivery of interleaveByOwner(due)) {
        if (this.inFlight.size >= concurrency) return;
        if ((byOwner.get(delivery.ownerId) ?? 0) >= perOwner) continue;
        if ((byEndpoint.get(delivery.endpointId) ?? 0) >= perEndpoint) continue;
        this.launch(delivery);
        byOwner.set(delivery.ownerId, (byOwner.get(delivery.ownerId) ?? 0) + 1);
        byEndpoint.set(delivery.endpointId, (byEndpoint.get(delivery.endpointId) ?? 0) + 1);
        started += 1;
      }
      // Nothing more to start, or all of it waits for a share: the next finish kicks again.
      if (started === 0 || due.length < free * 4) return;
    }
  }

  private launch(delivery: WebhookDeliveryRow): void {
    const done = this.attempt(delivery)
      .catch((error: unknown) => {
        this.options.log(`webhook delivery ${delivery.id} crashed: ${String(error)}`);
      })
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.kick();
      });
    this.inFlight.set(delivery.id, {
      endpointId: delivery.endpointId,
      ownerId: delivery.ownerId,
      done,
    });
  }

  /** Resolves when no attempt is in flight and none is due now (tests; shutdown). */
  async settle(): Promise<void> {
    for (;;) {
      this.tick();
      const pending = [...this.inFlight.values()].map((f) => f.done);
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  async stop(graceMs = 2000): Promise<void> {
    this.stopped = true;
    this.halted.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const pending = [...this.inFlight.values()].map((f) => f.done);
    await Promise.race([
      Promise.allSettled(pending),
      new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
    ]);
  }

  private async attempt(delivery: WebhookDeliveryRow): Promise<void> {
    const endpoint = this.repo.endpoint(delivery.endpointId);
    if (!endpoint) return;
    const startedMs = this.options.clock.now();
    const startedAt = new Date(startedMs).toISOString();
    const attemptNo = delivery.roundAttempts + 1;
    const began = performance.now();
    let outcome: AttemptOutcome;
    // Checked again at every attempt, with a fresh DNS answer; a refusal sends nothing.
    const checked = await this.guard.check(endpoint.url);
    if (!checked.ok) {
      outcome = { status: null, error: `refused before sending: ${checked.reason}` };
    } else {
      const timestamp = Math.floor(startedMs / 1000);
      const headers = deliveryHeaders({
        secret: endpoint.secret,
        timestamp,
        body: delivery.body,
        eventType: delivery.eventType,
        eventId: delivery.eventId,
      });
      outcome = await sendWebhook(checked.target, delivery.body, headers, this.options.send);
    }
    const durationMs = Math.round(performance.now() - began);
    const succeeded = outcome.error === null;
    const delay = succeeded ? null : retryDelayMs(attemptNo);
    const updatedAt = new Date(this.options.clock.now()).toISOString();
    const record = (): void => {
      this.repo.recordAttempt(
        {
          deliveryId: delivery.id,
          attempt: attemptNo,
          round: delivery.round,
          startedAt,
          durationMs,
          responseCode: outcome.status,
          error: outcome.error,
          succeeded,
        },
        {
          status: succeeded ? 'delivered' : delay === null ? 'dead_lettered' : 'retrying',
          roundAttempts: attemptNo,
          totalAttempts: delivery.totalAttempts + 1,
          lastAttemptAt: startedAt,
          lastResponseCode: outcome.status,
          lastError: outcome.error,
          nextAttemptAt: delay === null ? null : new Date(startedMs + delay).toISOString(),
          ...(succeeded && { deliveredAt: updatedAt }),
          updatedAt,
        },
      );
    };
    // Sent: its outcome is written however long another process holds the database, and the
    // delivery stays in flight meanwhile, so it is not sent a second time (db/write-access.ts).
    await writeWhenFree(record, { waitMs: Infinity, signal: this.halted.signal });
  }
}
