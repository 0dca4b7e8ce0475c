/**
 * Builds the web studio (dist/renderer) when it is missing or older than its sources, so
 * `npm run engine` and `npm start` work on a fresh clone with no separate build step.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function studioIsStale(): boolean {
  const index = path.join(ROOT, 'dist/renderer/index.html');
  if (!fs.existsSync(index)) return true;
  return newestMtime(path.join(ROOT, 'renderer')) > fs.statSync(index).mtimeMs;
}

export function ensureStudioBuilt(): void {
  if (!studioIsStale()) return;
  console.error('Building the web studio (dist/renderer)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web studio failed to build; the engine API still starts.');
  }
}
