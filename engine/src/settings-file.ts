/**
 * The one writer of settings.json (the owner's Local plan, the yt-dlp choice): reads the file,
 * changes the given keys and keeps every other setting as it is. settings.json may hold secrets
 * (an SMTP URL with its password), so it is owner-only (0600) from the first byte, and it is
 * replaced atomically (data-folder.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { settingsPath } from './config.ts';
import { replacePrivateFile } from './data-folder.ts';
import { AppError } from './errors.ts';

function readObject(file: string): Record<string, unknown> {
  if (!fs.existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AppError('validation_error', `settings file ${file} is not valid JSON`, {
      cause: error,
    });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return parsed as Record<string, unknown>;
}

/** Sets `changes` in `<home>/settings.json`. */
export function updateSettingsFile(home: string, changes: Record<string, unknown>): void {
  const file = settingsPath(home);
  const next = { ...readObject(file), ...changes };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  replacePrivateFile(file, `${JSON.stringify(next, null, 2)}\n`);
}
