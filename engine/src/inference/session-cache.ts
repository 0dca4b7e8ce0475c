/**
 * ONNX Runtime sessions, created on first use and kept for the life of the process (one per
 * model file and provider list). Creating a session parses and optimises the graph, which costs
 * far more than a typical inference chunk, so jobs share them.
 *
 * - Concurrent first calls for the same key share one creation promise.
 * - A failed creation is not cached: the next call tries again (the user may have just
 *   installed the pack).
 * - When the list holds an accelerated provider and creation fails (driver missing, unsupported
 *   op), the session is retried on cpu alone, with a warning, unless the caller turns that off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InferenceSession } from 'onnxruntime-node';
import type { EngineConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { chooseProviders, detectProviders, type ProviderName } from './execution-providers.ts';

/** Creates a session from a model file or, for a derived model (see ModelDerivation), its bytes. */
export type SessionFactory = (
  model: string | Uint8Array,
  options: InferenceSession.SessionOptions,
) => Promise<InferenceSession>;

/**
 * A model built from a file's bytes before loading (e.g. GTCRN's frame graph made a block graph,
 * features/cleanup/gtcrn-block-graph.ts). Cached apart from the plain file under `key`.
 */
export interface ModelDerivation {
  key: string;
  transform: (bytes: Uint8Array) => Uint8Array;
}

export interface SessionCacheOptions {
  /** Default provider list for new sessions, e.g. from chooseProviders(); must end in 'cpu'. */
  providers: readonly ProviderName[];
  /** Threads one session may use inside an operator. Default: defaultIntraOpThreads(). */
  intraOpNumThreads?: number;
  /**
   * Whether idle intra-op threads spin-wait for the next operator (ONNX Runtime's default) or
   * sleep. Spinning saves a wake-up per operator on an idle machine but burns the cores it
   * waits on: for a model of many short operators run on a busy 2-core machine, sleeping made
   * the same runs ~40% faster (docs/api/voices-engines.md, issue 19). Default true.
   */
  spinWait?: boolean;
  /** Retry on cpu alone when an accelerated provider fails to create the session. Default true. */
  fallbackToCpu?: boolean;
  /** Injected in unit tests; defaults to InferenceSession.create. */
  createSession?: SessionFactory;
  onWarning?: (message: string) => void;
}

/**
 * One inference runs at a time on a small machine (config.concurrency.inference is 1). On two
 * cores a session takes both (one thread would halve throughput for little gain in latency of
 * the HTTP thread); above that it leaves one core for the API and ffmpeg, and stops at 4, past
 * which these small models gain little and contend with the rest of the engine.
 */
export function defaultIntraOpThreads(cpuCount = os.availableParallelism()): number {
  return Math.max(1, Math.min(4, cpuCount > 2 ? cpuCount - 1 : cpuCount));
}

export function sessionOptionsFor(
  providers: readonly ProviderName[],
  intraOpNumThreads: number,
  spinWait = true,
): InferenceSession.SessionOptions {
  return {
    ...(spinWait ? {} : { extra: { session: { intra_op: { allow_spinning: '0' } } } }),
    executionProviders: [...providers],
    intraOpNumThreads,
    // Our models are single-path graphs; a parallel executor only adds threads.
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: true,
    enableMemPattern: true,
    // Warnings about unused initialisers and the like would flood the engine log.
    logSeverityLevel: 3,
  };
}

const defaultFactory: SessionFactory = (model, options) =>
  typeof model === 'string'
    ? InferenceSession.create(model, options)
    : InferenceSession.create(model, options);

export class SessionCache {
  private readonly entries = new Map<string, Promise<InferenceSession>>();
  private readonly providers: readonly ProviderName[];
  private readonly intraOpNumThreads: number;
  private readonly spinWait: boolean;
  private readonly fallbackToCpu: boolean;
  private readonly createSession: SessionFactory;
  private readonly onWarning: (message: string) => void;

  constructor(options: SessionCacheOptions) {
    if (options.providers.at(-1) !== 'cpu') {
      throw new AppError('internal_error', 'session provider list must end in cpu');
    }
    this.providers = options.providers;
    this.intraOpNumThreads = options.intraOpNumThreads ?? defaultIntraOpThreads();
    this.spinWait = options.spinWait ?? true;
    this.fallbackToCpu = options.fallbackToCpu ?? true;
    this.createSession = options.createSession ?? defaultFactory;
    this.onWarning = options.onWarning ?? ((message) => console.warn(message));
  }

  /** Providers used when getSession() is not given a list. */
  get defaultProviders(): readonly ProviderName[] {
    return this.providers;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The shared session for a model file, created on first call. */
  getSession(
    modelPath: string,
    options: { providers?: readonly ProviderName[]; derive?: ModelDerivation } = {},
  ): Promise<InferenceSession> {
    const file = path.resolve(modelPath);
    const providers = options.providers ?? this.providers;
    const key = `${file}\u0000${providers.join(',')}\u0000${options.derive?.key ?? ''}`;
    const existing = this.entries.get(key);
    if (existing !== undefined) return existing;
    const created = this.create(file, providers, options.derive);
    this.entries.set(key, created);
    created.catch(() => {
      // Failures are not cached; only drop the entry if it is still ours (disposeAll may have run).
      if (this.entries.get(key) === created) this.entries.delete(key);
    });
    return created;
  }

  /** Releases every session; later getSession() calls create fresh ones. */
  async disposeAll(): Promise<void> {
    const pending = [...this.entries.values()];
    this.entries.clear();
    const results = await Promise.allSettled(pending);
    await Promise.allSettled(
      results.map((r) => (r.status === 'fulfilled' ? r.value.release() : Promise.resolve())),
    );
  }

  private async create(
    file: string,
    providers: readonly ProviderName[],
    derive?: ModelDerivation,
  ): Promise<InferenceSession> {
    if (!fs.existsSync(file)) {
      throw new AppError('not_found', `model file not found: ${file}`, { details: { file } });
    }
    let model: string | Uint8Array = file;
    if (derive !== undefined) {
      try {
        model = derive.transform(new Uint8Array(fs.readFileSync(file)));
      } catch (error) {
        throw loadFailure(file, error);
      }
    }
    try {
      return await this.createSession(
        model,
        sessionOptionsFor(providers, this.intraOpNumThreads, this.spinWait),
      );
    } catch (error) {
      const accelerated = providers.filter((p) => p !== 'cpu');
      if (this.fallbackToCpu && accelerated.length > 0) {
        this.onWarning(
          `[inference] ${accelerated.join(', ')} could not load ${path.basename(file)} ` +
            `(${errorMessage(error)}); using cpu`,
        );
        try {
          return await this.createSession(
            model,
            sessionOptionsFor(['cpu'], this.intraOpNumThreads, this.spinWait),
          );
        } catch (cpuError) {
          throw loadFailure(file, cpuError);
        }
      }
      throw loadFailure(file, error);
    }
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function loadFailure(file: string, cause: unknown): AppError {
  return new AppError(
    'internal_error',
    `could not load ONNX model ${file}: ${errorMessage(cause)}`,
    {
      details: { file },
      cause,
    },
  );
}

export interface CreateSessionCacheOptions extends Omit<SessionCacheOptions, 'providers'> {
  /**
   * Whether this workload runs on a detected GPU provider when the user forced none. Default
   * true. Streaming models that make one small call per block of audio are slower on a GPU than
   * on the CPU (launch and copy costs dominate; `npm run bench -- gpu` measures it), so their
   * callers pass false: they stay on cpu unless the user's override names a GPU provider.
   */
  automaticGpu?: boolean;
}

/** A cache whose default providers follow this machine and the user's override. */
export function createSessionCache(
  config: Pick<EngineConfig, 'executionProviders'>,
  { automaticGpu = true, ...options }: CreateSessionCacheOptions = {},
): SessionCache {
  const providers = sessionProviders(detectProviders(), config.executionProviders, automaticGpu);
  return new SessionCache({ ...options, providers });
}

/** The providers a workload's sessions get: see CreateSessionCacheOptions.automaticGpu. */
export function sessionProviders(
  available: readonly string[],
  override: readonly string[] | null,
  automaticGpu: boolean,
): ProviderName[] {
  return chooseProviders(available, override ?? (automaticGpu ? null : ['cpu']));
}
