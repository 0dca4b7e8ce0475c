/**
 * One engine process as the supervisor sees it: its output read line by line (the stdout ready
 * line, a tail of stderr for error messages), its IPC messages, and its exit.
 */
import readline from 'node:readline';
import {
  parseEngineMessage,
  parseReadyLine,
  type ChildExit,
  type EngineChild,
  type EngineMessage,
} from './engine-child.ts';

export type ReadyMessage = Extract<EngineMessage, { type: 'ready' }>;

export interface EngineLogLine {
  stream: 'stdout' | 'stderr';
  line: string;
  pid: number | undefined;
}

export interface Run {
  child: EngineChild;
  /** The last stderr lines, oldest first. */
  stderrTail: string[];
  /** What the engine reported in an IPC `fatal` message. */
  fatalMessage: string | null;
  exit: ChildExit | null;
  exited: Promise<ChildExit>;
  /** stdout and stderr fully read (the exit event can come before the last lines). */
  outputDone: Promise<void>;
  /** Set by the supervisor while it waits for ready; called for the stdout line or IPC. */
  onReady: ((message: ReadyMessage) => void) | null;
}

export interface TrackOptions {
  stderrTailLines: number;
  onLine: (line: EngineLogLine) => void;
}

export function trackRun(child: EngineChild, options: TrackOptions): Run {
  let resolveExit: (exit: ChildExit) => void = () => undefined;
  const run: Run = {
    child,
    stderrTail: [],
    fatalMessage: null,
    exit: null,
    exited: new Promise<ChildExit>((resolve) => {
      resolveExit = resolve;
    }),
    outputDone: Promise.resolve(),
    onReady: null,
  };
  const readers: Promise<void>[] = [];
  const read = (stream: NodeJS.ReadableStream | null, name: 'stdout' | 'stderr'): void => {
    if (!stream) return;
    const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
    readers.push(new Promise((resolve) => lines.once('close', resolve)));
    lines.on('line', (line) => {
      if (name === 'stderr') {
        run.stderrTail.push(line);
        if (run.stderrTail.length > options.stderrTailLines) run.stderrTail.shift();
      } else {
        const ready = parseReadyLine(line);
        if (ready?.type === 'ready') run.onReady?.(ready);
      }
      options.onLine({ stream: name, line, pid: child.pid });
    });
  };
  read(child.stdout, 'stdout');
  read(child.stderr, 'stderr');
  run.outputDone = Promise.all(readers).then(() => undefined);

  child.onMessage((value) => {
    const message = parseEngineMessage(value);
    if (message?.type === 'ready') run.onReady?.(message);
    else if (message?.type === 'fatal') run.fatalMessage = message.message;
  });
  child.onExit((exit) => {
    run.exit = exit;
    resolveExit(exit);
  });
  return run;
}
