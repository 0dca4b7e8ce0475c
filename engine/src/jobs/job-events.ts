/**
 * The one place job events come from. SSE streams (studio) and, with the webhooks feature,
 * signed deliveries subscribe here, so both see the same events in the same order.
 */
import { EventEmitter } from 'node:events';
import type { JobEvent } from './job-types.ts';

export class JobEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every open studio tab holds one listener; the default cap of 10 is too low for that.
    this.emitter.setMaxListeners(0);
  }

  emit(event: JobEvent): void {
    this.emitter.emit('job', event);
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    this.emitter.on('job', listener);
    return () => this.emitter.off('job', listener);
  }

  listenerCount(): number {
    return this.emitter.listenerCount('job');
  }
}
