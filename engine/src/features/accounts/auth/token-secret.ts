/**
 * The per-install signing secret for access and refresh tokens: 32 random bytes in
 * `<data dir>/auth-secret`, mode 0600, created on first start. Kept on disk (not per launch) so
 * logins survive an engine restart; deleting the file logs every session out.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const FILE = 'auth-secret';
const MIN_BYTES = 32;

function readSecret(file: string): Buffer | null {
  if (!fs.existsSync(file)) return null;
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < MIN_BYTES) return null;
  if (process.platform !== 'win32') fs.chmodSync(file, 0o600);
  return secret;
}

export function loadOrCreateTokenSecret(home: string): Buffer {
  const file = path.join(home, FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(MIN_BYTES);
  const text = `${secret.toString('base64url')}\n`;
  try {
    // `wx`: two engines starting on one fresh data dir must not overwrite each other's secret.
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    const raced = readSecret(file);
    if (raced) return raced;
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    fs.writeFileSync(file, text, { mode: 0o600 }); // an unusable (truncated) file: replace it
    return secret;
  }
}
