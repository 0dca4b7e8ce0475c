/**
 * The body of every engine worker thread: loads task modules on demand (by file URL) and runs
 * them, reporting progress and results to the parent. Errors cross the thread as plain
 * { code, message } because class identity does not survive structured cloning.
 */
import { parentPort } from 'node:worker_threads';
import { isAppError, isCancelled } from '../errors.ts';
import type { FromWorker, ToWorker, WorkerTask } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker-entry.ts must run inside a worker thread');

const controllers = new Map<number, AbortController>();
const modules = new Map<string, Promise<{ run: WorkerTask<unknown, unknown> }>>();

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port?.postMessage(message, transfer);
}

function load(task: string): Promise<{ run: WorkerTask<unknown, unknown> }> {
  let loaded = modules.get(task);
  if (!loaded) {
    loaded = import(task) as Promise<{ run: WorkerTask<unknown, unknown> }>;
    modules.set(task, loaded);
  }
  return loaded;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    controllers.get(message.id)?.abort(new Error('cancelled'));
    return;
  }
  const controller = new AbortController();
  controllers.set(message.id, controller);
  const transfer = new Set<ArrayBuffer>();
  void (async () => {
    try {
      const mod = await load(message.task);
      const value = await mod.run(message.input, {
        signal: controller.signal,
        progress: message.progress
          ? (percent, stage) => send({ type: 'progress', id: message.id, percent, stage })
          : () => undefined,
        transfer: (...buffers) => buffers.forEach((b) => transfer.add(b)),
      });
      send({ type: 'result', id: message.id, value }, [...transfer]);
    } catch (error) {
      send({
        type: 'error',
        id: message.id,
        code: isAppError(error) ? error.code : 'internal_error',
        message: error instanceof Error ? error.message : String(error),
        cancelled: isCancelled(error, controller.signal),
      });
    } finally {
      controllers.delete(message.id);
    }
  })();
});
