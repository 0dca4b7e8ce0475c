/**
 * The contract between the engine supervisor and whatever starts the engine process:
 * Electron's utilityProcess in the app, child_process.fork under plain Node (tests,
 * `npm start` without Electron). Messages are the engine's IPC protocol (engine/src/main.ts).
 */

export type EngineEnv = Record<string, string>;

/** Engine → supervisor. */
export type EngineMessage =
  { type: 'ready'; port: number; url: string } | { type: 'fatal'; message: string };

/** Supervisor → engine. */
export type SupervisorMessage = { type: 'shutdown' };

export interface ChildExit {
  code: number | null;
  signal: string | null;
  /** Set when the process could not be started at all. */
  error?: Error;
}

export interface EngineChild {
  /** Undefined until the process has spawned. */
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  /** Sends over the IPC channel; false when there is no channel any more. */
  send(message: SupervisorMessage): boolean;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called exactly once, also when spawning failed. */
  onExit(listener: (exit: ChildExit) => void): void;
}

/** Starts one engine process with these variables added to the parent's environment. */
export type SpawnEngine = (env: EngineEnv) => EngineChild;

const READY_LINE = /^TAPEHOUSE_READY (\S+)\s*$/;

function readyFromUrl(raw: string): EngineMessage | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return { type: 'ready', port, url: raw };
}

/** The stdout announcement `TAPEHOUSE_READY <url>`, or null for any other line. */
export function parseReadyLine(line: string): EngineMessage | null {
  const match = READY_LINE.exec(line);
  return match?.[1] === undefined ? null : readyFromUrl(match[1]);
}

/** Narrows an IPC message from the engine; anything unknown is null (and ignored). */
export function parseEngineMessage(value: unknown): EngineMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.type === 'ready') {
    const { port, url } = message;
    if (typeof url !== 'string' || !Number.isInteger(port)) return null;
    const parsed = readyFromUrl(url);
    return parsed === null ? null : { type: 'ready', port: port as number, url };
  }
  if (message.type === 'fatal' && typeof message.message === 'string') {
    return { type: 'fatal', message: message.message };
  }
  return null;
}
