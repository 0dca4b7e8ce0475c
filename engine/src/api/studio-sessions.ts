/**
 * How a browser becomes the machine's owner without the page ever carrying the studio token
 * (docs/api/auth.md, "The web studio's sign-in"). The engine prints a one-time sign-in link on
 * start (`TAPEHOUSE_LOGIN <url>/?login=<code>`, as Jupyter does) and the owner can mint more
 * (POST /local/login-links); the page exchanges the code for a **studio session token**
 * (POST /local/studio-sessions), keeps it in the tab's sessionStorage and sends it as
 * `Authorization: Bearer`. A bearer token rather than a cookie: cookies for 127.0.0.1 are sent
 * to every port on the machine, so any other local server the owner's browser visits would
 * receive one; tab storage stays with this engine's origin.
 *
 * Codes: 32 random bytes, single use, 15 minutes, kept (hashed) in memory — they die with the
 * process. Sessions: `ths_<id>.<expiry>.<HMAC>` signed with `<data dir>/studio-session-key`
 * (0600), valid 7 days and across restarts; rotating the key (DELETE /local/studio-sessions,
 * or deleting the file) ends every one of them.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../clock.ts';
import { writePrivateFile } from '../data-folder.ts';
import { AppError } from '../errors.ts';
import type { CredentialResolver } from './authenticate.ts';
import { LOOPBACK_OWNER, type Principal } from './principal.ts';

export const LOGIN_CODE_TTL_SECONDS = 15 * 60;
export const STUDIO_SESSION_TTL_SECONDS = 7 * 24 * 3600;
export const STUDIO_SESSION_PREFIX = 'ths_';
export const SESSION_KEY_FILE = 'studio-session-key';

const TOKEN_SHAPE = /^ths_([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;

export interface StudioSession {
  session_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: string;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export class StudioSessions {
  private key: Buffer;
  /** sha256(code) → expiry (ms). */
  private readonly codes = new Map<string, number>();

  constructor(
    private readonly home: string,
    private readonly clock: Clock,
  ) {
    this.key = this.loadKey();
  }

  /** A single-use code for a sign-in link. */
  issueLoginCode(): { code: string; expiresIn: number } {
    const now = this.clock.now();
    for (const [hash, expires] of this.codes) if (expires <= now) this.codes.delete(hash);
    const code = randomBytes(32).toString('base64url');
    this.codes.set(sha256(code), now + LOGIN_CODE_TTL_SECONDS * 1000);
    return { code, expiresIn: LOGIN_CODE_TTL_SECONDS };
  }

  /** Spends a code (once, before it expires) for a new session; 401 otherwise. */
  redeem(code: string): StudioSession {
    const hash = sha256(code);
    const expires = this.codes.get(hash);
    this.codes.delete(hash);
    if (expires === undefined || expires <= this.clock.now()) {
      throw new AppError(
        'unauthorized',
        'This sign-in link is invalid, used or expired. Open the newest link the engine printed, ' +
          'or sign in with the studio token from the data folder.',
      );
    }
    return this.mint();
  }

  /** A new session for a caller already proven to be the owner. */
  mint(): StudioSession {
    const id = randomBytes(16).toString('base64url');
    const expiresAt = Math.floor(this.clock.now() / 1000) + STUDIO_SESSION_TTL_SECONDS;
    const token = `${STUDIO_SESSION_PREFIX}${id}.${expiresAt}.${this.sign(id, expiresAt)}`;
    return {
      session_token: token,
      token_type: 'bearer',
      expires_in: STUDIO_SESSION_TTL_SECONDS,
      expires_at: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /** Ends every studio session at once (a new key); the studio token is not affected. */
  endAll(): void {
    fs.rmSync(path.join(this.home, SESSION_KEY_FILE), { force: true });
    this.key = this.loadKey();
  }

  /** Recognises `ths_` bearer tokens: the owner while valid, 401 when forged or expired. */
  resolver(): CredentialResolver {
    return {
      resolve: (credential) => {
        if (credential.source !== 'bearer') return null;
        if (!credential.value.startsWith(STUDIO_SESSION_PREFIX)) return null;
        return this.verify(credential.value);
      },
    };
  }

  private verify(token: string): Principal {
    const match = TOKEN_SHAPE.exec(token);
    const [, id = '', expiry = '0', signature = ''] = match ?? [];
    const expected = Buffer.from(this.sign(id, Number(expiry)));
    const given = Buffer.from(signature);
    const genuine =
      match !== null && given.length === expected.length && timingSafeEqual(given, expected);
    if (!genuine || Number(expiry) * 1000 <= this.clock.now()) {
      throw new AppError(
        'unauthorized',
        'The studio session is invalid or has ended: open a new sign-in link.',
        { headers: { 'WWW-Authenticate': 'Bearer' } },
      );
    }
    return {
      userId: LOOPBACK_OWNER,
      kind: 'studio',
      scopes: ['*'],
      credentialId: `studio-session:${id}`,
    };
  }

  private sign(id: string, expiresAt: number): string {
    return createHmac('sha256', this.key)
      .update(`studio-session\n${id}\n${expiresAt}`)
      .digest('base64url');
  }

  private loadKey(): Buffer {
    const file = path.join(this.home, SESSION_KEY_FILE);
    if (fs.existsSync(file)) {
      const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
      if (key.length >= 32) return key;
    }
    const key = randomBytes(32);
    writePrivateFile(file, `${key.toString('base64url')}\n`);
    return key;
  }
}
