/**
 * "Presigned" download URLs (ARCHITECTURE.md, "Presigned URLs are HMAC-signed local URLs with
 * an expiry"): anyone holding the URL may fetch the one file it names until it expires, with no
 * credential, so a script can hand it to a player or a browser. The URL carries the file's path
 * relative to the data dir, its download name and type; the HMAC-SHA256 over those and the expiry
 * makes any change (another file, a later expiry) fail verification.
 *
 * The key lives in `<data dir>/url-signing-key` (created once, 0600), so URLs survive a restart
 * and deleting the key revokes every URL handed out.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../../clock.ts';
import { AppError } from '../../../errors.ts';

const KEY_FILE = 'url-signing-key';
/** The route that serves signed URLs (features/platform/downloads/routes.ts). */
export const DOWNLOAD_ROUTE = '/downloads/{token}';
export const DEFAULT_URL_TTL_SECONDS = 3600;
/** Ceiling for any caller-requested lifetime: a week. */
export const MAX_URL_TTL_SECONDS = 7 * 24 * 3600;

export interface SignedFile {
  /** Absolute path; must lie inside the data dir. */
  path: string;
  /** Name the browser saves it under. */
  filename: string;
  contentType: string;
}

export interface SignedUrl {
  /** Path and query under the engine's origin: `/api/v1/downloads/<token>?expires=…&signature=…`. */
  url: string;
  expiresAt: string;
}

interface Payload {
  p: string;
  n: string;
  t: string;
}

function loadKey(home: string): Buffer {
  const file = path.join(home, KEY_FILE);
  if (fs.existsSync(file)) {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
    if (key.length >= 32) return key;
  }
  const key = randomBytes(32);
  fs.writeFileSync(file, `${key.toString('base64url')}\n`, { mode: 0o600 });
  return key;
}

/** Whether `file` lies strictly below `root` (both absolute and resolved). */
function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

export class UrlSigner {
  private readonly key: Buffer;

  constructor(
    private readonly home: string,
    private readonly clock: Clock,
  ) {
    this.key = loadKey(home);
  }

  sign(file: SignedFile, ttlSeconds = DEFAULT_URL_TTL_SECONDS): SignedUrl {
    const relative = path.relative(this.home, path.resolve(file.path));
    if (!isInside(path.resolve(this.home), path.resolve(file.path)))
      throw new Error(`signed URLs serve files inside the data dir only: ${file.path}`);
    const ttl = Math.max(1, Math.min(MAX_URL_TTL_SECONDS, Math.round(ttlSeconds)));
    const expires = Math.floor(this.clock.now() / 1000) + ttl;
    const payload: Payload = {
      p: relative.split(path.sep).join('/'),
      n: file.filename,
      t: file.contentType,
    };
    const token = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    const signature = this.mac(token, expires);
    return {
      url: `/api/v1/downloads/${token}?expires=${expires}&signature=${signature}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The file a signed URL names; 403 when tampered with, 410 when expired, 404 when gone. */
  verify(token: string, expires: number, signature: string): SignedFile {
    const expected = Buffer.from(this.mac(token, expires), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppError('forbidden', 'This download link is not valid (bad signature).');
    if (expires * 1000 < this.clock.now())
      throw new AppError('gone', 'This download link has expired; ask for a new one.', {
        details: { expired_at: new Date(expires * 1000).toISOString() },
      });
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Payload;
    } catch {
      throw new AppError('forbidden', 'This download link is not valid.');
    }
    return { path: this.confined(payload.p), filename: payload.n, contentType: payload.t };
  }

  /**
   * The real file a link's path names, kept inside the data folder: `..`, an absolute path or a
   * symlink leading out of it is refused even under a valid signature (the signature proves who
   * signed, not that the path is safe), and only regular files are served.
   */
  private confined(relative: string): string {
    const refused = (): AppError =>
      new AppError('forbidden', 'This download link names a file outside the data folder.');
    if (typeof relative !== 'string' || relative === '' || path.isAbsolute(relative))
      throw refused();
    const lexical = path.resolve(this.home, relative);
    if (!isInside(path.resolve(this.home), lexical)) throw refused();
    let real: string;
    try {
      real = fs.realpathSync(lexical);
    } catch {
      throw new AppError('gone', 'The file behind this link no longer exists.');
    }
    if (!isInside(fs.realpathSync(this.home), real)) throw refused();
    if (!fs.statSync(real).isFile()) throw new AppError('gone', 'The link names no file.');
    return real;
  }

  private mac(token: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${token}.${expires}`).digest('base64url');
  }
}
