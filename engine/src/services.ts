/**
 * The engine's container as the HTTP edge sees it: the infrastructure (core.ts) plus one entry
 * per product area. Built once in engine.ts. Route handlers receive it and call their own area's
 * entry; areas themselves never receive it — each gets its narrow `*Deps` — and job handlers are
 * closures over their area's service. No module-level singletons: tests build a real engine per
 * data dir and nothing leaks between them.
 */
import type { CredentialResolver } from './api/authenticate.ts';
import type { RateLimiter } from './api/rate-limit.ts';
import type { StudioSessions } from './api/studio-sessions.ts';
import type { Core } from './core.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Accounts } from './features/accounts/index.ts';
import type { CreditsService } from './features/billing/index.ts';
import type { Books } from './features/books/index.ts';
import type { DenoiseService } from './features/cleanup/index.ts';
import type { Language } from './features/language/index.ts';
import type { Music } from './features/music/index.ts';
import type { SpeechArea } from './features/speech/index.ts';
import type { SyncService } from './features/sync/index.ts';
import type { TranslationArea } from './features/translation/index.ts';
import type { Dubbing } from './features/dubbing/index.ts';
import type { FileStore, ModelManager, UrlSigner } from './features/platform/index.ts';
import type { Voices } from './features/voices/index.ts';
import type { Web } from './features/web/index.ts';
import type { WebhookService } from './features/webhooks/index.ts';

export interface Services extends Core {
  database: DatabaseHandle;
  schemaVersion: string;
  /** Platform: stored files (every area uses them, so they sit at the top level). */
  files: FileStore;
  /** Platform: signed, expiring download URLs for files in the data dir. */
  urls: UrlSigner;
  /** Platform: the in-app model manager (docs/api/models.md). */
  modelManager: ModelManager;
  /** Accounts, sessions, tokens, API keys, CAPTCHA, outbox. */
  accounts: Accounts;
  /** The credits ledger, the Local plan and the cost table. */
  billing: CreditsService;
  /** Webhook endpoints, the event fan-out and the delivery scheduler. */
  webhooks: WebhookService;
  /** The link to a hosted account: its session, the event outbox, hosted credits, offload. */
  sync: SyncService;
  /** Voice catalog, TTS engines, voice routes, OpenAI-compatible speech. */
  voices: Voices;
  /** Transcription, diarization, alignment, OpenAI-compatible speech to text. */
  speech: SpeechArea;
  /** Text translation (transformers.js Opus-MT, M2M100, NLLB packs). */
  translation: TranslationArea;
  /** Speech translation: a recording dubbed into another language in its speakers' voices. */
  dubbing: Dubbing;
  /** The language model: an installed pack, the owner's GGUF file or chat server. */
  language: Language;
  /** Audiobook production: projects to ACX export. */
  books: Books;
  /** Audio to MIDI and stem separation. */
  music: Music;
  /** Noise reduction. */
  cleanup: DenoiseService;
  /** From the web: media extraction (yt-dlp + ffmpeg) and the article reader. */
  web: Web;
  credentialResolvers: CredentialResolver[];
  /** Per-route request limits declared in the route table (api/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** Per-launch secret the desktop studio (and the machine's own scripts) authenticate with. */
  studioToken: string;
  /** The web studio's sign-in: one-time link codes and studio sessions (the owner's). */
  studioSessions: StudioSessions;
  startedAt: number;
}
