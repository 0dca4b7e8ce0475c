/**
 * Linking this studio to a hosted account, and unlinking it (docs/api/sync.md, "Link").
 *
 * - e-mail and password: `POST /auth/token` on the hosted service, as any login; the hosted
 *   service records this workstation as a device and opens a session for it.
 * - Google or GitHub in the system browser: link/oauth-loopback.ts ends here too.
 *
 * Either way the studio keeps only the session's token pair (secret store) and the account's
 * e-mail and id (sync_link). Unlink ends that session on the hosted service (`POST /auth/logout`)
 * and forgets the tokens; it works offline too, and then says the session is still open there.
 */
import { AppError, isAppError } from '../../../errors.ts';
import {
  errorCode,
  errorDetail,
  type HostedAnswer,
  type HostedHttp,
} from '../hosted/hosted-http.ts';
import type { HostedSession, TokenPair } from '../hosted/hosted-session.ts';
import { readClaims } from '../hosted/token-claims.ts';
import type { LinkRepo } from './link-repo.ts';

/** `api_key`: a link an older build made with an API key; no longer possible (docs/api/sync.md). */
export type LinkMethod = 'password' | 'api_key' | 'google' | 'github';

export interface TokenAnswer extends TokenPair {
  user: { id: string; email: string };
}

function isTokenAnswer(body: unknown): body is TokenAnswer {
  const b = body as Partial<TokenAnswer> | null;
  return (
    typeof b?.access_token === 'string' &&
    typeof b.refresh_token === 'string' &&
    typeof b.user?.id === 'string' &&
    typeof b.user.email === 'string'
  );
}

/** A hosted refusal of the credentials, named for people; the hosted code travels along. */
export function refused(answer: HostedAnswer, what: string): AppError {
  const code = errorCode(answer.body);
  const detail = errorDetail(answer.body);
  return new AppError(
    'hosted_auth_failed',
    `The hosted service refused ${what}${detail ? `: ${detail}` : ` (${answer.status}).`}`,
    { details: { hosted_status: answer.status, hosted_code: code } },
  );
}

export interface LinkServiceOptions {
  installId: () => string;
  /** Called once a link is made, so the first sync runs at once. */
  onLinked: () => void;
  /** Called after unlink: drop what was waiting to be forwarded. */
  onUnlinked: () => void;
  timezone: () => string;
}

export class LinkService {
  constructor(
    private readonly http: HostedHttp,
    private readonly session: HostedSession,
    private readonly repo: LinkRepo,
    private readonly options: LinkServiceOptions,
  ) {}

  private assertUnlinked(): void {
    if (this.repo.get().state === 'linked') {
      throw new AppError(
        'conflict',
        'This studio is already linked to a hosted account. Unlink it first.',
      );
    }
  }

  async withPassword(email: string, password: string): Promise<void> {
    this.assertUnlinked();
    const answer = await this.http.send('POST', '/auth/token', {
      form: {
        username: email,
        password,
        browser_fingerprint: this.options.installId(),
        timezone: this.options.timezone(),
      },
    });
    if (answer.status !== 200 || !isTokenAnswer(answer.body)) {
      throw refused(answer, 'the e-mail and password');
    }
    await this.complete(answer.body, 'password');
  }

  /** The last step of every way in: keep the tokens, remember the account, sync at once. */
  async complete(answer: TokenAnswer, method: LinkMethod): Promise<void> {
    await this.session.save(answer);
    this.repo.patch({
      state: 'linked',
      hostedUrl: this.http.baseUrl,
      userId: answer.user.id,
      email: answer.user.email,
      method,
      sessionId: readClaims(answer.access_token).sid,
      linkedAt: new Date().toISOString(),
      lastError: null,
      lastErrorAt: null,
      hostedCredits: null,
      hostedCreditsAt: null,
    });
    this.options.onLinked();
  }

  /**
   * Ends the hosted session (when reachable) and forgets everything about the link except this
   * machine's install id. Answers whether the hosted session was ended.
   */
  async unlink(): Promise<{ revoked: boolean; message: string | null }> {
    let revoked = false;
    let message: string | null = null;
    if (await this.session.has()) {
      try {
        const answer = await this.session.call('POST', '/auth/logout');
        revoked = answer.status === 204;
        if (!revoked) message = `The hosted service answered ${answer.status} to the sign-out.`;
      } catch (error) {
        if (isAppError(error) && error.code === 'not_linked') {
          revoked = true; // already ended there
        } else {
          message =
            `${isAppError(error) ? error.message : String(error)} The workstation's session ` +
            'is still open on the hosted account: end it under Sessions & devices there.';
        }
      }
    }
    await this.session.forget();
    this.repo.patch({
      state: 'unlinked',
      userId: null,
      email: null,
      method: null,
      sessionId: null,
      linkedAt: null,
      lastError: null,
      lastErrorAt: null,
      hostedCredits: null,
      hostedCreditsAt: null,
    });
    this.options.onUnlinked();
    return { revoked, message };
  }
}
