/**
 * Sync for one engine (Services.sync; docs/api/sync.md). As a studio: the link to a hosted
 * account (link/), the token store (credentials/), the outbox of job events and the runner that
 * forwards them and reads the hosted credits, the checkout that buys on the hosted account, and
 * offload. As the hosted service: device registration and the browser sign-in exchange
 * (hosted-role/). No express types; routes.ts and hosted-role/hosted-routes.ts are the edge.
 */
import { chooseSecretStore, type ChosenStore } from './credentials/choose-store.ts';
import { HostedCheckout } from './credits/hosted-checkout.ts';
import type { HostedCredits } from './credits/hosted-credits.ts';
import { HostedHttp, studioUserAgent } from './hosted/hosted-http.ts';
import { HostedSession } from './hosted/hosted-session.ts';
import { OAuthExchange } from './hosted-role/oauth-exchange.ts';
import { LinkRepo } from './link/link-repo.ts';
import { LinkService, type LinkMethod } from './link/link-service.ts';
import { OAuthLoopback, type OAuthProvider } from './link/oauth-loopback.ts';
import { HostedOffloader } from './offload/hosted-offloader.ts';
import { OffloadRepo } from './offload/offload-repo.ts';
import { OutboxRepo } from './outbox/outbox-repo.ts';
import { OutboxSender } from './outbox/outbox-sender.ts';
import { outboxTap } from './outbox/outbox-tap.ts';
import type { SyncStatus } from './schemas.ts';
import type { SyncDeps } from './sync-deps.ts';
import { SyncRunner } from './sync-runner.ts';

export class SyncService {
  readonly oauthExchange: OAuthExchange;
  private readonly repo: LinkRepo;
  private readonly outbox: OutboxRepo;
  private readonly session: HostedSession;
  private readonly link: LinkService;
  private readonly oauth: OAuthLoopback;
  private readonly runner: SyncRunner;
  private readonly untap: () => void;

  /** Chosen on first need, so an engine that is never linked never touches the OS store. */
  private secrets: Promise<ChosenStore> | null = null;

  constructor(private readonly deps: SyncDeps) {
    const now = (): string => new Date(deps.clock.now()).toISOString();
    const hostedUrl = deps.config.sync.hostedUrl;
    this.repo = new LinkRepo(deps.db, now);
    this.outbox = new OutboxRepo(deps.db);
    const http = new HostedHttp(hostedUrl, studioUserAgent(deps.config.version));
    this.session = new HostedSession(
      http,
      async () => (await this.secretStore()).store,
      `session:${hostedUrl}`,
      (why) =>
        this.repo.patch({
          state: 'signed_out',
          lastError: `Signed out: ${why}`,
          lastErrorAt: now(),
        }),
      // The engine's clock decides when a token is about to expire (tests move it).
      () => Math.floor(deps.clock.now() / 1000),
    );
    const installId = (): string => this.repo.get().installId;
    const timezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
    this.link = new LinkService(http, this.session, this.repo, {
      installId,
      timezone,
      onLinked: () => this.runner.kick(0),
      onUnlinked: () => this.outbox.dropUnsent(),
    });
    this.oauth = new OAuthLoopback(http, this.link, {
      installId,
      timezone,
      onError: (message) => this.repo.patch({ lastError: message, lastErrorAt: now() }),
    });
    this.runner = new SyncRunner(
      this.repo,
      new OutboxSender(this.outbox, this.session, now),
      this.session,
      {
        log: deps.log,
        now,
        ...(deps.intervalMs !== undefined && { intervalMs: deps.intervalMs }),
      },
    );
    const linked = (): boolean => this.repo.get().state === 'linked';
    // The studio half plugs into the other areas only on a studio: the hosted service sells
    // through its own payment provider and has no hosted service above it.
    this.untap =
      deps.config.profile === 'local'
        ? deps.webhooks.onEvents(
            outboxTap(
              this.outbox,
              () => this.repo.get().state !== 'unlinked',
              () => this.runner.kick(),
            ),
          )
        : () => undefined;
    if (deps.config.profile === 'local') {
      deps.checkout.useCheckout(new HostedCheckout(this.session, linked));
      deps.offload.use(
        new HostedOffloader(http, this.session, new OffloadRepo(deps.db, now), deps.files, {
          allowed: () => linked() && this.repo.get().offload,
        }),
      );
    }
    this.oauthExchange = new OAuthExchange(deps.config, deps.accounts);
  }

  private secretStore(): Promise<ChosenStore> {
    this.secrets ??= chooseSecretStore({
      mode: this.deps.config.sync.credentialStore,
      home: this.deps.config.home,
      ...(this.deps.loadKeytar && { loadKeytar: this.deps.loadKeytar }),
    });
    return this.secrets;
  }

  start(): void {
    this.runner.start();
  }

  async stop(): Promise<void> {
    this.untap();
    this.oauth.cancel();
    await this.runner.stop();
  }

  async status(): Promise<SyncStatus> {
    const secrets = await this.secretStore();
    const row = this.repo.get();
    return {
      linked: row.state === 'linked',
      state: row.state,
      account_email: row.email,
      hosted_url: row.hostedUrl ?? this.deps.config.sync.hostedUrl,
      method: (row.method as LinkMethod | null) ?? null,
      linked_at: row.linkedAt,
      last_sync_at: row.lastSyncAt,
      last_error: row.lastError,
      last_error_at: row.lastErrorAt,
      queue_length: this.outbox.queued(),
      forwarded_total: this.outbox.forwarded(),
      credential_store: {
        kind: secrets.store.kind,
        location: secrets.store.location,
        note: secrets.note,
      },
      offload: row.offload,
      hosted_credits: (row.hostedCredits as HostedCredits | null) ?? null,
      oauth_pending: this.oauth.current(),
    };
  }

  async linkWithPassword(email: string, password: string): Promise<SyncStatus> {
    await this.link.withPassword(email, password);
    await this.runner.run();
    return this.status();
  }

  startBrowserSignIn(provider: OAuthProvider) {
    return this.oauth.start(provider);
  }

  async unlink(): Promise<
    SyncStatus & { hosted_session_revoked: boolean; message: string | null }
  > {
    this.oauth.cancel();
    const { revoked, message } = await this.link.unlink();
    return { ...(await this.status()), hosted_session_revoked: revoked, message };
  }

  /** Sync now: forward the queue and read the hosted credits; answers the status after. */
  async run(): Promise<SyncStatus> {
    await this.runner.run();
    return this.status();
  }

  setOffload(offload: boolean): Promise<SyncStatus> {
    this.repo.patch({ offload });
    return this.status();
  }
}

export function createSyncService(deps: SyncDeps): SyncService {
  return new SyncService(deps);
}
