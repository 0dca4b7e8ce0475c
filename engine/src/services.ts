/**
 * The engine's container: everything a route handler or job handler may use, built once in
 * engine.ts. Handlers receive it as an argument instead of importing module-level singletons,
 * so tests build a real engine per data dir and nothing leaks between them.
 */
import type { CredentialResolver } from './api/authenticate.ts';
import type { RateLimiter } from './api/rate-limit.ts';
import type { Clock } from './clock.ts';
import type { EngineConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { FfmpegStatus } from './ffmpeg-status.ts';
import type { Audiobook } from './features/audiobook/audiobook.ts';
import type { Accounts } from './features/auth/accounts.ts';
import type { CreditsService } from './features/credits/credits-service.ts';
import type { UrlSigner } from './features/downloads/url-signer.ts';
import type { FileStore } from './features/files/file-store.ts';
import type { LocalVoiceCatalog } from './features/voices/local-catalog.ts';
import type { VoicesService } from './features/voices/voices-service.ts';
import type { NarrationService } from './features/narration/narration-service.ts';
import type { VoiceSynthesizer } from './features/tts/voice-synth.ts';
import type { SpeechService } from './features/tts/speech-service.ts';
import type { SpeechArea } from './features/speech/index.ts';
import type { WebhookService } from './features/webhooks/webhook-service.ts';
import type { ModelRegistry } from './inference/model-registry.ts';
import type { JobEvents } from './jobs/job-events.ts';
import type { JobRepo } from './jobs/job-repo.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { WorkerPool } from './jobs/worker-pool.ts';

export interface Services {
  config: EngineConfig;
  database: DatabaseHandle;
  schemaVersion: string;
  jobs: JobRunner;
  jobRepo: JobRepo;
  jobEvents: JobEvents;
  files: FileStore;
  /** Signed, expiring download URLs for files in the data dir (features/downloads). */
  urls: UrlSigner;
  workers: WorkerPool;
  models: ModelRegistry;
  ffmpeg: FfmpegStatus;
  credentialResolvers: CredentialResolver[];
  /** Accounts, sessions, tokens, API keys, CAPTCHA, outbox (features/auth/accounts.ts). */
  accounts: Accounts;
  /** The credits ledger, the Local plan and the cost table (features/credits). */
  credits: CreditsService;
  /** Audiobook production: projects, manuscripts, chapters, cast (features/audiobook). */
  audiobook: Audiobook;
  /** Voices callers may narrate with: embedded eSpeak NG plus installed neural packs. */
  voices: LocalVoiceCatalog;
  /** Narration and takes of audiobook paragraphs (features/narration). */
  narration: NarrationService;
  /** Speaks a catalog voice with its engine (features/tts/voice-synth.ts). */
  synth: VoiceSynthesizer;
  /** The voice routes: catalog views, previews, languages (features/voices). */
  voiceLibrary: VoicesService;
  /** OpenAI-compatible text to speech (features/tts). */
  speech: SpeechService;
  /** Transcription, diarization and alignment (features/speech). */
  speechArea: SpeechArea;
  /** Webhook endpoints, the event fan-out and the delivery scheduler (features/webhooks). */
  webhooks: WebhookService;
  /** Time for the ledger's resets and the webhook schedule (system clock; tests inject). */
  clock: Clock;
  /** Per-route request limits declared in the route table (api/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** Per-launch secret the studio (and the machine's own scripts) authenticate with. */
  studioToken: string;
  startedAt: number;
  log(line: string): void;
}
