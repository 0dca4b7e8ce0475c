/**
 * Builds and runs one engine: config → open db + migrate → recover jobs → start runner →
 * listen. main.ts wraps it for the command line and Electron; tests create one per data dir.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './api/app.ts';
import { answerClientError } from './api/client-error.ts';
import { killAllFfmpeg } from './audio/index.ts';
import { studioTokenResolver } from './api/authenticate.ts';
import { RateLimiter } from './api/rate-limit.ts';
import { StudioSessions } from './api/studio-sessions.ts';
import { systemClock, type Clock } from './clock.ts';
import type { EngineConfig } from './config.ts';
import type { Core } from './core.ts';
import { prepareDataFolder, repairPrivateFiles, writePrivateFile } from './data-folder.ts';
import { databaseFile, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createAccounts } from './features/accounts/index.ts';
import { createBilling } from './features/billing/index.ts';
import { booksJobs, createBooks } from './features/books/index.ts';
import { cleanupJobs, createCleanup } from './features/cleanup/index.ts';
import { createLanguage } from './features/language/index.ts';
import { musicJobs, type Music } from './features/music/index.ts';
import { createPlatform, platformJobs, type WebhookLookup } from './features/platform/index.ts';
import { createSpeechArea } from './features/speech/index.ts';
import { createTranslationArea } from './features/translation/index.ts';
import { createDubbing } from './features/dubbing/index.ts';
import { createSync } from './features/sync/index.ts';
import { createVoices, voicesJobs } from './features/voices/index.ts';
import { createWeb, webJobs } from './features/web/index.ts';
import { WebhookService } from './features/webhooks/index.ts';
import { FfmpegStatus } from './ffmpeg-status.ts';
import { describeInference } from './inference/execution-providers.ts';
import { ModelRegistry } from './inference/model-registry.ts';
import { JobEvents } from './jobs/job-events.ts';
import {
  announceRecovered,
  recoverInterruptedJobs,
  type RecoveryReport,
} from './jobs/job-recovery.ts';
import { JobRegistry } from './jobs/job-registry.ts';
import { JobRepo } from './jobs/job-repo.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { withTestHold } from './jobs/test-hold.ts';
import type { JobHandler } from './jobs/job-types.ts';
import { WorkerPool } from './jobs/worker-pool.ts';
import type { Services } from './services.ts';

export interface Engine {
  services: Services;
  recovery: RecoveryReport;
  /** Resolves with the URL once listening. */
  listen(): Promise<string>;
  url(): string | null;
  stop(): Promise<void>;
}

export interface EngineOptions {
  studioToken?: string;
  log?: (line: string) => void;
  /** Time for credit resets and webhook retries (tests inject a ManualClock). */
  clock?: Clock;
  /** DNS lookup for webhook URLs (tests inject answers; default: the system resolver). */
  webhookLookup?: WebhookLookup;
  /** Per-attempt webhook deadline in ms (default 10 000, the contract's). */
  webhookTimeoutMs?: number;
  /** Extra job types (tests). */
  jobs?: JobHandler[];
  /** Where model pack manifests are read from (tests: generated packs; default `models/`). */
  manifestsDir?: string;
}

function writeTokenFile(home: string, token: string): void {
  writePrivateFile(path.join(home, 'studio-token'), `${token}\n`);
}

export async function createEngine(
  config: EngineConfig,
  options: EngineOptions = {},
): Promise<Engine> {
  const log = options.log ?? ((line: string) => console.error(line));
  for (const notice of config.notices) log(`warning: ${notice}`);
  prepareDataFolder(config.home);
  repairPrivateFiles(config.home);
  // A bad execution-provider override fails start-up with its message, not a later request.
  describeInference(config);
  const database = openDatabase(databaseFile(config.home));
  let schemaVersion: string;
  try {
    schemaVersion = migrateDatabase(database).schemaVersion;
  } catch (error) {
    database.close();
    throw error;
  }
  const clock = options.clock ?? systemClock;
  const jobRepo = new JobRepo(database.db);
  const jobEvents = new JobEvents(log);
  // Areas create jobs through the runner and the runner runs the areas' handlers: the registry
  // starts empty, every area adds its handlers below, and the runner opens once it is complete.
  const registry = new JobRegistry();
  const jobs = new JobRunner(jobRepo, registry, jobEvents, {
    concurrency: config.concurrency,
    log,
  });
  const ffmpeg = new FfmpegStatus(config.ffmpegPath);
  const ffmpegHealth = await ffmpeg.check();
  if (ffmpegHealth.status === 'missing')
    log(`warning: ffmpeg unavailable — ${ffmpegHealth.error ?? ''}`);
  const workers = new WorkerPool(Math.max(1, config.concurrency.inference));
  const models = new ModelRegistry(
    config,
    options.manifestsDir ? { manifestsDir: options.manifestsDir } : {},
  );
  const core: Core = {
    config,
    db: database.db,
    clock,
    log,
    jobs,
    jobRepo,
    jobEvents,
    workers,
    models,
    ffmpeg,
  };

  // The areas, each from its narrow deps, in dependency order (docs/architecture.md).
  const billing = createBilling(core);
  for (const problem of billing.ledger.audit()) {
    log(`warning: credits ledger: ${problem.userId}: ${problem.problem}`);
  }
  const accounts = createAccounts(database.db, config, log, { plans: billing });
  const platform = createPlatform(core);
  const webhooks = new WebhookService(database.db, config, {
    clock,
    jobEvents,
    ledger: billing.ledger,
    log,
    ...(options.webhookLookup && { lookup: options.webhookLookup }),
    ...(options.webhookTimeoutMs !== undefined && { timeoutMs: options.webhookTimeoutMs }),
  });
  const sync = createSync({
    ...core,
    accounts,
    checkout: billing,
    webhooks,
    files: platform.files,
    offload: platform.offload,
  });
  const voices = createVoices({
    ...core,
    urls: platform.urls,
    files: platform.files,
    charges: billing.ledger,
    pricing: billing,
  });
  const speech = createSpeechArea({
    config,
    db: database.db,
    urls: platform.urls,
    ...(options.webhookLookup && { lookup: options.webhookLookup }),
    workers,
    models,
    ffmpeg: () => ffmpeg.require(),
    files: platform.files,
    jobs,
    jobRepo,
    jobEvents,
    credits: billing,
    log,
  });
  const translation = createTranslationArea({
    ...core,
    pricing: billing,
    transcripts: speech.transcripts,
  });
  const language = createLanguage({ ...core, modelManager: platform.modelManager });
  const books = createBooks({ ...core, ...platform, voices, language: language.model });
  voices.library.countUsageFrom(books.takes.repo);
  // ZipVoice voices need their prompt's words: speech's Whisper hears them.
  voices.custom.useTranscriber(speech.clips);
  // Neural takes get word timings, and chapter recordings their cuts, from speech's aligner.
  books.lines.useAligner(speech.alignment);
  const music: Music = { ...core, ...platform, pricing: billing };
  const cleanup = createCleanup({ ...core, ...platform, pricing: billing });
  const dubbing = createDubbing({
    ...core,
    files: platform.files,
    urls: platform.urls,
    pricing: billing,
    translator: translation.translator,
    recognizer: speech.recognizer,
    voices,
    music,
    ...(options.webhookLookup && { lookup: options.webhookLookup }),
  });
  const web = createWeb({ ...core, ...platform, pricing: billing, voices });

  for (const handler of [
    ...platformJobs(platform, { ffmpeg, pricing: billing }),
    ...speech.jobs,
    ...translation.jobs,
    ...dubbing.jobs,
    ...booksJobs(books),
    ...musicJobs(music),
    ...cleanupJobs({ ...core, ...platform, pricing: billing }),
    ...webJobs(web),
    ...voicesJobs(voices),
    ...(options.jobs ?? []),
  ])
    registry.register(withTestHold(handler, config));
  // Jobs the last process left running are resumed or failed (with a refund) before anyone
  // listens, now that every handler is known; failed ones still notify their webhooks.
  const recovery = recoverInterruptedJobs(jobRepo, registry);
  announceRecovered(recovery, jobRepo, jobEvents);
  jobs.open();

  const studioToken =
    options.studioToken ??
    process.env.TAPEHOUSE_STUDIO_TOKEN ??
    randomBytes(32).toString('base64url');
  writeTokenFile(config.home, studioToken);
  const studioSessions = new StudioSessions(config.home, clock);
  // Files the steps above created are private too (secrets were written 0600; this is the net).
  repairPrivateFiles(config.home);

  const services: Services = {
    ...core,
    database,
    schemaVersion,
    ...platform,
    credentialResolvers: [
      studioTokenResolver(studioToken),
      studioSessions.resolver(),
      ...accounts.resolvers,
    ],
    accounts,
    billing,
    webhooks,
    sync,
    voices,
    speech,
    translation,
    dubbing,
    language,
    books,
    music,
    cleanup,
    web,
    rateLimiter: new RateLimiter(),
    studioToken,
    studioSessions,
    startedAt: Date.now(),
  };
  const server = http.createServer(createApp(services));
  server.on('clientError', answerClientError);
  // Long uploads and SSE streams must not be cut by the default request timeout.
  server.requestTimeout = 0;
  // Idle keep-alive connections stay open longer than any client's own idle timeout (undici 4 s,
  // browsers ~60 s), so the client always closes first. With Node's default of 5 s, a client
  // reusing a connection just as the server drops it gets ECONNRESET mid-request; on a loaded
  // machine, where timers fire late, that happened to large uploads.
  server.keepAliveTimeout = 75_000;
  server.headersTimeout = 80_000;
  let listeningUrl: string | null = null;

  return {
    services,
    recovery,
    url: () => listeningUrl,
    listen: () =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          const { port } = server.address() as AddressInfo;
          const host = config.host.includes(':') ? `[${config.host}]` : config.host;
          listeningUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
          jobs.drain();
          webhooks.start();
          web.start();
          sync.start();
          resolve(listeningUrl);
        });
      }),
    stop: async () => {
      await jobs.stop();
      // Jobs abort their own ffmpeg processes; this catches any a handler failed to reap.
      await killAllFfmpeg();
      // Leave interrupted jobs resumable now rather than at the next start; their webhook
      // deliveries are stored now and sent by the next start.
      announceRecovered(recoverInterruptedJobs(jobRepo, registry), jobRepo, jobEvents);
      await sync.stop();
      await webhooks.stop();
      await web.stop();
      await speech.close();
      await language.close();
      await voices.close();
      await workers.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      database.close();
    },
  };
}
