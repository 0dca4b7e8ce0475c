/**
 * Builds and runs one engine: config → open db + migrate → recover jobs → start runner →
 * listen. main.ts wraps it for the command line and Electron; tests create one per data dir.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './api/app.ts';
import { killAllFfmpeg } from './audio/index.ts';
import { studioTokenResolver } from './api/authenticate.ts';
import { RateLimiter } from './api/rate-limit.ts';
import { systemClock, type Clock } from './clock.ts';
import type { EngineConfig } from './config.ts';
import { databaseFile, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { analysisJob } from './features/analysis/analysis-job.ts';
import { midiJob } from './features/midi/midi-job.ts';
import { denoiseJob } from './features/denoise/denoise-job.ts';
import { Audiobook } from './features/audiobook/audiobook.ts';
import { castDetectionJob } from './features/audiobook/cast-detection-job.ts';
import { parseJob } from './features/audiobook/parse-job.ts';
import { retryFailedJob } from './features/audiobook/retry-failed-job.ts';
import { screenplayJob } from './features/audiobook/screenplay-job.ts';
import { buildAccounts } from './features/auth/accounts.ts';
import { CreditsService } from './features/credits/credits-service.ts';
import { UrlSigner } from './features/downloads/url-signer.ts';
import { FileStore } from './features/files/file-store.ts';
import { LocalVoiceCatalog } from './features/voices/local-catalog.ts';
import { VoicePreviews } from './features/voices/voice-preview.ts';
import { VoicesService } from './features/voices/voices-service.ts';
import { VoiceSynthesizer } from './features/tts/voice-synth.ts';
import { exportJob } from './features/export/export-job.ts';
import { masterUploadsJob } from './features/export/master-uploads-job.ts';
import { narrationJob } from './features/narration/narration-job.ts';
import { NarrationService } from './features/narration/narration-service.ts';
import { TakeRepo } from './features/narration/take-repo.ts';
import { stemJob } from './features/stems/stem-job.ts';
import { EspeakEngine } from './features/tts/espeak-engine.ts';
import { createNeuralEngines, installedNeuralVoices } from './features/tts/neural-voices.ts';
import { SpeechService } from './features/tts/speech-service.ts';
import { createSpeechArea } from './features/speech/index.ts';
import type { WebhookLookup } from './features/webhooks/address-guard.ts';
import { WebhookService } from './features/webhooks/webhook-service.ts';
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

/** Every job type the engine runs; a feature adds its handler here. */
export function buildRegistry(extra: readonly JobHandler[] = []): JobRegistry {
  const registry = new JobRegistry();
  registry.register(analysisJob);
  registry.register(midiJob);
  registry.register(parseJob);
  registry.register(castDetectionJob);
  registry.register(screenplayJob);
  registry.register(retryFailedJob);
  registry.register(narrationJob);
  registry.register(exportJob);
  registry.register(masterUploadsJob);
  registry.register(denoiseJob);
  registry.register(stemJob);
  for (const handler of extra) registry.register(handler);
  return registry;
}

function writeTokenFile(home: string, token: string): void {
  const file = path.join(home, 'studio-token');
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
}

export async function createEngine(
  config: EngineConfig,
  options: EngineOptions = {},
): Promise<Engine> {
  const log = options.log ?? ((line: string) => console.error(line));
  fs.mkdirSync(config.home, { recursive: true });
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
  const registry = buildRegistry(options.jobs);
  const clock = options.clock ?? systemClock;
  const credits = new CreditsService(database.db, config, clock);
  for (const problem of credits.ledger.audit()) {
    log(`warning: credits ledger: ${problem.userId}: ${problem.problem}`);
  }
  const jobRepo = new JobRepo(database.db, credits.jobCredits);
  const recovery = recoverInterruptedJobs(jobRepo, registry);
  const jobEvents = new JobEvents();
  const jobs = new JobRunner(jobRepo, registry, jobEvents, {
    concurrency: config.concurrency,
    log,
  });
  const files = new FileStore(database.db, config.home);
  files.sweepTemp();
  const ffmpeg = new FfmpegStatus(config.ffmpegPath);
  const ffmpegHealth = await ffmpeg.check();
  if (ffmpegHealth.status === 'missing')
    log(`warning: ffmpeg unavailable — ${ffmpegHealth.error ?? ''}`);
  const studioToken =
    options.studioToken ??
    process.env.TAPEHOUSE_STUDIO_TOKEN ??
    randomBytes(32).toString('base64url');
  writeTokenFile(config.home, studioToken);
  const workers = new WorkerPool(Math.max(1, config.concurrency.inference));
  const accounts = buildAccounts(database.db, config, log, { plans: credits });
  const webhooks = new WebhookService(database.db, config, {
    clock,
    jobEvents,
    ledger: credits.ledger,
    log,
    ...(options.webhookLookup && { lookup: options.webhookLookup }),
    ...(options.webhookTimeoutMs !== undefined && { timeoutMs: options.webhookTimeoutMs }),
  });
  // Jobs the last process left failed (crash recovery ran before anyone listened) still notify.
  announceRecovered(recovery, jobRepo, jobEvents);

  // One catalog for the speech routes, the voice routes, cast picks and narration: the embedded
  // eSpeak NG voices plus the voices of installed Piper and Kokoro packs.
  const models = new ModelRegistry(
    config,
    options.manifestsDir ? { manifestsDir: options.manifestsDir } : {},
  );
  const neural = createNeuralEngines(workers, models, config.executionProviders);
  const voices = new LocalVoiceCatalog(undefined, () => installedNeuralVoices(models, log));
  const synth = new VoiceSynthesizer({
    espeak: new EspeakEngine(workers),
    piper: neural.piper,
    kokoro: neural.kokoro,
  });
  const speech = new SpeechService({
    voices,
    synth,
    ledger: credits.ledger,
    ffmpeg: () => ffmpeg.require(),
  });
  const urls = new UrlSigner(config.home, clock);
  const speechArea = createSpeechArea({
    workers,
    models,
    ffmpeg: () => ffmpeg.require(),
    files,
    jobs,
    jobRepo,
    jobEvents,
    credits,
    log,
  });
  for (const handler of speechArea.jobs) registry.register(handler);
  const voiceLibrary = new VoicesService(
    database.db,
    voices,
    new VoicePreviews(config.home, synth, () => ffmpeg.require()),
    urls,
  );
  const audiobook = new Audiobook({ db: database.db, config, jobs, files, workers, voices, log });
  const narration = new NarrationService({
    config,
    audiobook,
    takes: new TakeRepo(database.db),
    voices,
    synth,
    ffmpeg,
    jobs,
    jobEvents,
    urls,
  });

  const services: Services = {
    config,
    database,
    schemaVersion,
    jobs,
    jobRepo,
    jobEvents,
    files,
    urls,
    workers,
    models,
    ffmpeg,
    credentialResolvers: [studioTokenResolver(studioToken), ...accounts.resolvers],
    accounts,
    credits,
    audiobook,
    voices,
    narration,
    synth,
    voiceLibrary,
    speech,
    speechArea,
    webhooks,
    clock,
    rateLimiter: new RateLimiter(),
    studioToken,
    startedAt: Date.now(),
    log,
  };
  jobs.attach(services);
  const server = http.createServer(createApp(services));
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
      await webhooks.stop();
      await speechArea.close();
      await workers.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      database.close();
    },
  };
}
