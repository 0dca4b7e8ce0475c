/**
 * Webhooks for one engine (Services.webhooks; document 1, "Webhook endpoints", "Events",
 * "Delivery rules"; docs/api/webhooks.md): endpoint management scoped to its owner (another
 * user's endpoint or delivery is 404), the event fan-out fed by jobs/job-events.ts, the test
 * event, redelivery, and the scheduler that sends. No express types.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import type { Clock } from '../../clock.ts';
import type { EngineConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isDatabaseBusy, skipWhenBusy, writeWhenFree } from '../../db/write-access.ts';
import type {
  DeliveryStatus,
  WebhookAttemptRow,
  WebhookDeliveryRow,
  WebhookEndpointRow,
} from '../../db/schema/webhooks.ts';
import { AppError } from '../../errors.ts';
import type { JobEvents } from '../../jobs/job-events.ts';
import type { JobEvent } from '../../jobs/job-types.ts';
import type { ReservationLookup } from '../billing/index.ts';
import { AddressGuard, systemLookup, type WebhookLookup } from '../platform/index.ts';
import { DeliveryScheduler } from './delivery-scheduler.ts';
import {
  eventsForJob,
  TEST_EVENT,
  testPayload,
  type JobCreditsOutcome,
  type WebhookEvent,
} from './event-payloads.ts';
import { ForwardedEvents, type ForwardedEvent, type ForwardOutcome } from './forwarded-events.ts';
import { ATTEMPT_TIMEOUT_MS } from './retry-policy.ts';
import { newSigningSecret } from './signing.ts';
import { WebhookRepo } from './webhook-repo.ts';

/** Endpoints per user; a studio needs a handful, not hundreds. */
export const MAX_ENDPOINTS_PER_USER = 20;

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  description: string;
  created_at: string;
}

export interface WebhookAttemptView {
  attempt: number;
  round: number;
  started_at: string;
  duration_ms: number;
  response_code: number | null;
  error: string | null;
  succeeded: boolean;
}

export interface WebhookDeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  round: number;
  round_attempts: number;
  response_code: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  payload: unknown;
  attempt_log: WebhookAttemptView[];
}

export interface WebhookOptions {
  clock: Clock;
  jobEvents: JobEvents;
  ledger: ReservationLookup;
  /** DNS lookup used at registration and before every attempt (tests inject one). */
  lookup?: WebhookLookup;
  /** Per-attempt deadline; the contract's 10 s unless a test shortens it. */
  timeoutMs?: number;
  pollMs?: number;
  concurrency?: number;
  perEndpoint?: number;
  perOwner?: number;
  log: (line: string) => void;
}

/** The system roots plus the owner's extra CA (webhooksCaFile), read once at start-up. */
function trustedCas(config: EngineConfig): (string | Buffer)[] | null {
  if (config.webhooksCaFile === null) return null;
  try {
    return [...tls.rootCertificates, fs.readFileSync(config.webhooksCaFile)];
  } catch (error) {
    throw new AppError(
      'validation_error',
      `TAPEHOUSE_WEBHOOKS_CA_FILE (webhooksCaFile) cannot be read: ${config.webhooksCaFile}`,
      { cause: error },
    );
  }
}

function toEndpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    description: row.description,
    created_at: row.createdAt,
  };
}

function toAttemptView(row: WebhookAttemptRow): WebhookAttemptView {
  return {
    attempt: row.attempt,
    round: row.round,
    started_at: row.startedAt,
    duration_ms: row.durationMs,
    response_code: row.responseCode,
    error: row.error,
    succeeded: row.succeeded,
  };
}

/** Told of every webhook event this engine's jobs fire (sync forwards them; features/sync). */
export type EventTap = (events: WebhookEvent[], source: JobEvent) => void;

/** How long a tap (sync's outbox) waits for a busy database before the event is given up. */
const TAP_WAIT_MS = 10 * 60_000;

/** Webhook attempts in flight at once, all owners together. */
export const DELIVERY_CONCURRENCY = 32;

export class WebhookService {
  readonly repo: WebhookRepo;
  readonly guard: AddressGuard;
  readonly scheduler: DeliveryScheduler;
  private readonly unsubscribe: () => void;
  private readonly forwarded: ForwardedEvents;
  private readonly taps = new Set<EventTap>();

  constructor(
    db: Db,
    config: EngineConfig,
    private readonly options: WebhookOptions,
  ) {
    this.repo = new WebhookRepo(db);
    this.guard = new AddressGuard({
      // Public HTTPS only, unless the machine's owner lists loopback ports for receivers — in
      // the hosted profile too, where tests deliver to a receiver on the same machine
      // (docs/api/webhooks.md, "Loopback receivers"). None by default in both profiles.
      loopbackPorts: config.webhooksLoopbackPorts,
      lookup: options.lookup ?? systemLookup,
    });
    this.scheduler = new DeliveryScheduler(this.repo, this.guard, {
      clock: options.clock,
      // Attempts wait on the network, not the CPU: many may be in flight. One owner's slow
      // receivers hold at most a quarter of them (docs/api/webhooks.md, "Fair delivery").
      concurrency: options.concurrency ?? DELIVERY_CONCURRENCY,
      perEndpoint: options.perEndpoint ?? 4,
      perOwner: options.perOwner ?? DELIVERY_CONCURRENCY / 4,
      pollMs: options.pollMs ?? 1000,
      send: { timeoutMs: options.timeoutMs ?? ATTEMPT_TIMEOUT_MS, ca: trustedCas(config) },
      log: options.log,
    });
    this.unsubscribe = options.jobEvents.subscribe((event) => this.onJobEvent(event));
    this.forwarded = new ForwardedEvents(
      db,
      this.repo,
      (items) => this.store(items),
      () => this.nowIso(),
    );
  }

  /** Subscribes to the events this engine's jobs fire, with the event ids its deliveries use. */
  onEvents(tap: EventTap): () => void {
    this.taps.add(tap);
    return () => this.taps.delete(tap);
  }

  /** POST /webhooks/ingest: events a linked studio forwards (forwarded-events.ts). */
  ingest(ownerId: string, sourceId: string, events: ForwardedEvent[]): ForwardOutcome[] {
    return this.forwarded.ingest(ownerId, sourceId, events);
  }

  start(): void {
    this.scheduler.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe();
    await this.scheduler.stop();
  }

  private nowIso(): string {
    return new Date(this.options.clock.now()).toISOString();
  }

  private async requireSafeUrl(url: string): Promise<void> {
    const checked = await this.guard.check(url);
    if (!checked.ok) {
      throw new AppError('validation_error', `This webhook URL is refused: ${checked.reason}.`, {
        details: { fields: [{ loc: ['body', 'url'], msg: checked.reason }] },
      });
    }
  }

  private own(ownerId: string, id: string): WebhookEndpointRow {
    const row = this.repo.endpoint(id);
    // Another owner's endpoint answers exactly like a missing one: ids must not leak.
    if (!row || row.ownerId !== ownerId) {
      throw new AppError('not_found', `Webhook endpoint ${id} not found.`);
    }
    return row;
  }

  async create(
    ownerId: string,
    body: { url: string; events: string[]; description?: string | undefined },
  ): Promise<WebhookEndpointView & { secret: string }> {
    if (this.repo.countEndpoints(ownerId) >= MAX_ENDPOINTS_PER_USER) {
      throw new AppError(
        'bad_request',
        `An account may have at most ${MAX_ENDPOINTS_PER_USER} webhook endpoints.`,
      );
    }
    await this.requireSafeUrl(body.url);
    const at = this.nowIso();
    const row = this.repo.createEndpoint({
      id: randomUUID(),
      ownerId,
      url: body.url,
      events: [...new Set(body.events)],
      description: body.description ?? '',
      active: true,
      secret: newSigningSecret(),
      createdAt: at,
      updatedAt: at,
    });
    return { ...toEndpointView(row), secret: row.secret };
  }

  list(ownerId: string): WebhookEndpointView[] {
    return this.repo.endpoints(ownerId).map(toEndpointView);
  }

  get(ownerId: string, id: string): WebhookEndpointView {
    return toEndpointView(this.own(ownerId, id));
  }

  async update(
    ownerId: string,
    id: string,
    patch: {
      url?: string | undefined;
      events?: string[] | undefined;
      active?: boolean | undefined;
      description?: string | undefined;
    },
  ): Promise<WebhookEndpointView> {
    this.own(ownerId, id);
    if (patch.url !== undefined) await this.requireSafeUrl(patch.url);
    const row = this.repo.updateEndpoint(id, {
      ...(patch.url !== undefined && { url: patch.url }),
      ...(patch.events !== undefined && { events: [...new Set(patch.events)] }),
      ...(patch.active !== undefined && { active: patch.active }),
      ...(patch.description !== undefined && { description: patch.description }),
      updatedAt: this.nowIso(),
    });
    if (!row) throw new AppError('not_found', `Webhook endpoint ${id} not found.`);
    // Re-activated: anything that came due while it was paused goes out now.
    if (patch.active === true) this.scheduler.kick();
    return toEndpointView(row);
  }

  delete(ownerId: string, id: string): void {
    this.own(ownerId, id);
    this.repo.deleteEndpoint(id);
  }

  /** POST /webhooks/endpoints/{id}/test: one `webhook.test` delivery, sent at once. */
  sendTest(ownerId: string, id: string): WebhookDeliveryView {
    const endpoint = this.own(ownerId, id);
    const eventId = randomUUID();
    const [delivery] = this.store([
      {
        endpoint,
        event: {
          eventType: TEST_EVENT,
          eventId,
          ownerId,
          payload: testPayload(eventId, this.nowIso(), endpoint.id),
        },
      },
    ]);
    if (!delivery) throw new AppError('internal_error', 'The test delivery was not stored.');
    return this.view(delivery);
  }

  deliveries(
    ownerId: string,
    endpointId: string,
    filter: {
      status?: DeliveryStatus | undefined;
      eventType?: string | undefined;
      limit: number;
      offset: number;
    },
  ): { deliveries: WebhookDeliveryView[]; total: number } {
    this.own(ownerId, endpointId);
    const { rows, total } = this.repo.deliveries(endpointId, filter);
    const attempts = this.repo.attempts(rows.map((r) => r.id));
    return {
      deliveries: rows.map((row) =>
        this.view(
          row,
          attempts.filter((a) => a.deliveryId === row.id),
        ),
      ),
      total,
    };
  }

  /**
   * POST /webhooks/deliveries/{id}/redeliver: a delivered or dead-lettered delivery starts a new
   * round (up to 5 attempts, same event id, same body), its first attempt due now; a pending or
   * retrying one has its next attempt brought forward to now.
   */
  redeliver(ownerId: string, deliveryId: string): WebhookDeliveryView {
    const delivery = this.repo.delivery(deliveryId);
    if (!delivery || delivery.ownerId !== ownerId || !this.repo.endpoint(delivery.endpointId)) {
      throw new AppError('not_found', `Webhook delivery ${deliveryId} not found.`);
    }
    const at = this.nowIso();
    const finished = delivery.status === 'delivered' || delivery.status === 'dead_lettered';
    const updated = this.repo.patchDelivery(deliveryId, {
      ...(finished && { status: 'pending', round: delivery.round + 1, roundAttempts: 0 }),
      nextAttemptAt: at,
      updatedAt: at,
    });
    this.scheduler.kick();
    return this.view(updated ?? delivery);
  }

  private view(row: WebhookDeliveryRow, attempts?: WebhookAttemptRow[]): WebhookDeliveryView {
    const log = attempts ?? this.repo.attempts([row.id]);
    return {
      id: row.id,
      endpoint_id: row.endpointId,
      event_id: row.eventId,
      event_type: row.eventType,
      status: row.status,
      attempts: row.totalAttempts,
      round: row.round,
      round_attempts: row.roundAttempts,
      response_code: row.lastResponseCode,
      last_error: row.lastError,
      created_at: row.createdAt,
      last_attempt_at: row.lastAttemptAt,
      next_attempt_at: row.nextAttemptAt,
      delivered_at: row.deliveredAt,
      payload: JSON.parse(row.body) as unknown,
      attempt_log: log.map(toAttemptView),
    };
  }

  private store(
    items: { endpoint: WebhookEndpointRow; event: WebhookEvent }[],
  ): WebhookDeliveryRow[] {
    const at = this.nowIso();
    const rows = this.repo.insertDeliveries(
      items.map(({ endpoint, event }) => ({
        id: randomUUID(),
        endpointId: endpoint.id,
        ownerId: event.ownerId,
        eventId: event.eventId,
        eventType: event.eventType,
        body: JSON.stringify(event.payload),
        status: 'pending',
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      })),
    );
    if (rows.length > 0) this.scheduler.kick();
    return rows;
  }

  /** The fan-out: one job event → its webhook events → one delivery per subscribed endpoint. */
  private onJobEvent(event: JobEvent): void {
    if (event.event === 'job.created' || event.event === 'job.progress') return;
    let events: WebhookEvent[];
    try {
      events = eventsForJob(event, this.creditsOf(event.job.id), this.nowIso(), randomUUID);
      const items = events.flatMap((webhookEvent) =>
        this.repo
          .subscribers(event.ownerId, webhookEvent.eventType)
          .map((endpoint) => ({ endpoint, event: webhookEvent })),
      );
      this.store(items);
    } catch (error) {
      // Another process holds the database: the job events source calls again with this event
      // once it is free (jobs/job-events.ts), so the deliveries are not lost.
      if (isDatabaseBusy(error)) throw error;
      // A webhook problem must never break the job runner that emitted the event.
      this.options.log(
        `webhooks: could not queue events for job ${event.job.id}: ${String(error)}`,
      );
      return;
    }
    for (const tap of this.taps) {
      const run = (): void => tap(events, event);
      // Stored: a tap that meets the lock runs again alone, never storing the deliveries twice.
      if (!skipWhenBusy(run))
        void writeWhenFree(run, { waitMs: TAP_WAIT_MS }).catch((error: unknown) =>
          this.options.log(`webhooks: a tap gave up on job ${event.job.id}: ${String(error)}`),
        );
    }
  }

  private creditsOf(jobId: number): JobCreditsOutcome {
    const reservation = this.options.ledger.reservationForJob(jobId);
    if (!reservation) return { reserved: 0, used: 0, refunded: 0 };
    const reserved = reservation.subscriptionAmount + reservation.paygAmount;
    if (reservation.state === 'held') return { reserved, used: 0, refunded: 0 };
    return { reserved, used: reservation.charged, refunded: reserved - reservation.charged };
  }
}
