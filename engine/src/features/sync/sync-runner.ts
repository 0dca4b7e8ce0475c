/**
 * The background half of sync: while linked, forward the outbox and refresh the hosted credits,
 * every 30 s, soon after a new event is queued, and on demand (POST /sync/run). One run at a
 * time; a failure is recorded (sync/status `last_error`) and retried with backoff (1 s doubling
 * to 30 s), so a hosted service that comes back is caught up within seconds. Nothing local ever
 * waits on it: the queue simply grows while the hosted service is away.
 */
import { isAppError } from '../../errors.ts';
import { readHostedCredits } from './credits/hosted-credits.ts';
import type { HostedSession } from './hosted/hosted-session.ts';
import type { LinkRepo } from './link/link-repo.ts';
import type { OutboxSender } from './outbox/outbox-sender.ts';

export interface RunnerOptions {
  intervalMs?: number;
  /** Delay between a queued event and the run that forwards it (coalesces bursts). */
  kickDelayMs?: number;
  log: (line: string) => void;
  now: () => string;
}

const MAX_BACKOFF_MS = 30_000;

export class SyncRunner {
  private inFlight: Promise<void> | null = null;
  private again = false;
  private interval: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private backoffMs = 0;
  private stopped = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly repo: LinkRepo,
    private readonly sender: OutboxSender,
    private readonly session: HostedSession,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    if (this.interval || this.stopped) return;
    this.interval = setInterval(() => this.runInBackground(), this.options.intervalMs ?? 30_000);
    this.interval.unref();
    this.kick();
  }

  /** Run soon (coalesced with other kicks), e.g. after an event was queued or a link made. */
  kick(delayMs = this.options.kickDelayMs ?? 100): void {
    if (this.stopped) return;
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      this.runInBackground();
    }, delayMs);
    this.kickTimer.unref();
  }

  /** One full sync; a call during a run waits for a fresh run after it. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    this.inFlight = this.once().finally(() => {
      this.inFlight = null;
      if (this.again) {
        this.again = false;
        this.runInBackground();
      }
    });
    return this.inFlight;
  }

  /**
   * A run nobody awaits: what it could not even record (the database held by another process,
   * db/write-access.ts) is logged and left to the next run, never thrown into the event loop.
   */
  private runInBackground(): void {
    this.run().catch((error: unknown) => {
      this.options.log(`sync: a run could not record its outcome: ${String(error)}`);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    if (this.kickTimer) clearTimeout(this.kickTimer);
    this.controller.abort();
    await this.inFlight?.catch(() => undefined);
  }

  private async once(): Promise<void> {
    if (this.repo.get().state !== 'linked') return;
    const signal = this.controller.signal;
    try {
      await this.sender.flush(signal);
      const credits = await readHostedCredits(this.session, this.options.now, signal);
      const at = this.options.now();
      this.repo.patch({
        lastSyncAt: at,
        lastError: null,
        lastErrorAt: null,
        hostedCredits: credits,
        hostedCreditsAt: at,
      });
      this.backoffMs = 0;
    } catch (error) {
      if (this.stopped) return;
      // Signed out: the session already recorded it; nothing to retry until a new link.
      if (isAppError(error) && error.code === 'not_linked') return;
      const message = error instanceof Error ? error.message : String(error);
      this.repo.patch({ lastError: message, lastErrorAt: this.options.now() });
      this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs === 0 ? 1000 : this.backoffMs * 2);
      this.kick(this.backoffMs);
      if (!isAppError(error)) this.options.log(`sync: ${message}`);
    }
  }
}
