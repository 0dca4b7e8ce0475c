/**
 * Reads the engine's job event stream like the studio does (fetch + stream, since EventSource
 * cannot send Authorization), collecting events for assertions.
 */
import type { JobEvent } from '../../engine/src/jobs/job-types.ts';

type StreamEvent = Pick<JobEvent, 'event' | 'job'>;

export interface EventCollector {
  ready: Promise<void>;
  events: StreamEvent[];
  until(predicate: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent[]>;
  close(): void;
}

export function collectJobEvents(url: string, token: string): EventCollector {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    if (!res.body) throw new Error('no event stream body');
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          if (block.startsWith(': connected')) markReady();
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) {
            events.push(JSON.parse(data.slice(6)) as StreamEvent);
            waiters.splice(0).forEach((wake) => wake());
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    ready,
    events,
    async until(predicate, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (!events.some(predicate)) {
        if (Date.now() > deadline)
          throw new Error(
            `event not seen; got ${events.map((e) => `${e.job.id}:${e.event}`).join(', ')}`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return events;
    },
    close: () => controller.abort(),
  };
}
