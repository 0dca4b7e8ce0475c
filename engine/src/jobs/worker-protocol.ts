/**
 * Messages between the engine and its worker threads. Every request carries an id so one
 * worker can serve many calls over its life (ONNX sessions stay cached inside it), and a cancel
 * message lets a task stop between chunks instead of being killed mid-write.
 */
export type ToWorker =
  | {
      type: 'run';
      id: number;
      task: string;
      input: unknown;
      /**
       * Whether the caller listens to progress. When not, the task's progress() posts nothing:
       * each message wakes the engine's main thread, which on a small machine takes a core from
       * the inference it reports on (Piper's per-sentence progress cost 0.2 ms a request when
       * the machine was quiet and ~4 ms at load 3 on 2 cores; narration never listens).
       */
      progress: boolean;
    }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'progress'; id: number; percent: number; stage?: string }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; code: string; message: string; cancelled: boolean };

/** What a task module exports: `export const run: WorkerTask<In, Out>`. */
export interface WorkerTaskContext {
  signal: AbortSignal;
  progress(percent: number, stage?: string): void;
  /**
   * Moves these buffers of the result to the parent instead of copying them (structured clone
   * copies a minute of 22 kHz audio, ~5 MB, in ~3–10 ms on a busy machine). The task must not
   * touch them after returning: they are detached in the worker. Absent outside a worker.
   */
  transfer?(...buffers: ArrayBuffer[]): void;
}

export type WorkerTask<In, Out> = (input: In, ctx: WorkerTaskContext) => Promise<Out>;
