/**
 * The data folder is private to the user running the engine: it holds every account's rows and
 * the engine's secrets (a studio token is the machine owner's power; the signing keys mint
 * sessions and download links). On POSIX the folder is 0700 and the secrets and database files
 * 0600 — created so, and repaired at every start, since a folder copied from a backup or made by
 * an older build may be looser. Windows has no POSIX modes: a folder under %APPDATA% keeps the
 * ACL of the user profile (the user, SYSTEM and Administrators), which the engine leaves alone
 * (docs/operations.md, "Data at rest").
 */
import fs from 'node:fs';
import path from 'node:path';

export const DATA_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Files in the data folder no other user may read (secrets, the database, settings with SMTP). */
export const PRIVATE_FILES = [
  'tapehouse.db',
  'tapehouse.db-wal',
  'tapehouse.db-shm',
  'tapehouse.db-journal',
  'studio-token',
  'studio-session-key',
  'url-signing-key',
  'auth-secret',
  'settings.json',
] as const;

const posix = process.platform !== 'win32';

/** Creates the data folder (and parents) and makes it private. */
export function prepareDataFolder(home: string): void {
  fs.mkdirSync(home, { recursive: true, mode: DATA_FOLDER_MODE });
  if (posix) fs.chmodSync(home, DATA_FOLDER_MODE);
}

/** Sets 0600 on every private file that exists; the ones created later are created 0600. */
export function repairPrivateFiles(home: string): void {
  if (!posix) return;
  for (const name of PRIVATE_FILES) {
    const file = path.join(home, name);
    try {
      if ((fs.lstatSync(file).mode & 0o777) !== PRIVATE_FILE_MODE) {
        fs.chmodSync(file, PRIVATE_FILE_MODE);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Writes a secret file readable by its owner only, whatever mode an earlier copy had. */
export function writePrivateFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: PRIVATE_FILE_MODE });
  if (posix) fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Replaces a private file atomically: the text goes to a temporary sibling created 0600 (so the
 * content is never readable by others, not even for a moment), is flushed, then renamed over
 * the file. A crash leaves either the old file or the new one, never half of one.
 */
export function replacePrivateFile(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const fd = fs.openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    if (posix) fs.fchmodSync(fd, PRIVATE_FILE_MODE);
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(temp, file);
}
