/**
 * The one place job events come from. SSE streams (studio) and, with the webhooks feature,
 * signed deliveries subscribe here, so both see the same events in the same order.
 *
 * Each listener is called on its own: one that throws never keeps the event from the others or
 * breaks the runner that emitted it. A listener whose write met another process's database lock
 * is called again with the same event once the lock is free (db/write-access.ts), so a job's end
 * still reaches the book's status, the reader's callback and the webhooks.
 */
import { EventEmitter } from 'node:events';
import { isDatabaseBusy, writeWhenFree } from '../db/write-access.ts';
import type { JobEvent } from './job-types.ts';

/** How long a listener's write waits for the lock before the event is given up for it. */
const LISTENER_WAIT_MS = 10 * 60_000;

type Listener = (event: JobEvent) => void;

export class JobEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly log: (line: string) => void = () => {}) {
    // Every open studio tab holds one listener; the default cap of 10 is too low for that.
    this.emitter.setMaxListeners(0);
  }

  emit(event: JobEvent): void {
    for (const listener of this.emitter.listeners('job') as Listener[]) {
      try {
        listener(event);
      } catch (error) {
        if (isDatabaseBusy(error)) this.later(listener, event);
        else this.log(`job ${event.job.id} ${event.event}: a listener failed: ${String(error)}`);
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.emitter.on('job', listener);
    return () => this.emitter.off('job', listener);
  }

  listenerCount(): number {
    return this.emitter.listenerCount('job');
  }

  private later(listener: Listener, event: JobEvent): void {
    writeWhenFree(() => listener(event), { waitMs: LISTENER_WAIT_MS }).catch((error: unknown) => {
      this.log(`job ${event.job.id} ${event.event}: a listener gave up: ${String(error)}`);
    });
  }
}
