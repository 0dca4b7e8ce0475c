/**
 * Job handlers by type. Registering a type twice is a programming error caught at startup
 * (Immich refuses zero or two handlers per job name for the same reason): a job must never be
 * run by the wrong code.
 */
import { AppError } from '../errors.ts';
import type { JobHandler } from './job-types.ts';

export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register<I, R>(handler: JobHandler<I, R>): void {
    if (this.handlers.has(handler.type)) {
      throw new Error(`job type "${handler.type}" has two handlers`);
    }
    this.handlers.set(handler.type, handler as unknown as JobHandler);
  }

  get(type: string): JobHandler {
    const handler = this.handlers.get(type);
    if (!handler) throw new AppError('internal_error', `No handler for job type "${type}".`);
    return handler;
  }

  has(type: string): boolean {
    return this.handlers.has(type);
  }

  types(): string[] {
    return [...this.handlers.keys()].sort();
  }
}
