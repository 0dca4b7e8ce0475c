/**
 * Shared by the browser tests: the studio build they load and the Chromium they drive.
 *
 * Test files run in parallel workers, and `vite build` empties dist/renderer before writing it,
 * so a build is taken under a lock (an atomic mkdir) and the freshness check is repeated once the
 * lock is held: the second file to arrive finds the first one's build and does nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT } from '../helpers/engine.ts';
import { requireFile } from '../helpers/requirements.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const OUTPUT = path.join(ROOT, 'test-output');
const STUDIO_INDEX = path.join(ROOT, 'dist/renderer/index.html');
const LOCK = path.join(ROOT, 'dist/.renderer-build.lock');
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000;

/** Full page, with CSS transitions finished so bars show their real value. */
export const SHOT = { fullPage: true, animations: 'disabled' } as const;

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function buildIsFresh(): boolean {
  const built = fs.existsSync(STUDIO_INDEX) ? fs.statSync(STUDIO_INDEX).mtimeMs : 0;
  const newest = [path.join(ROOT, 'vite.config.ts'), ...listFiles(path.join(ROOT, 'renderer'))]
    .map((file) => fs.statSync(file).mtimeMs)
    .reduce((a, b) => Math.max(a, b), 0);
  return built >= newest;
}

async function acquireLock(): Promise<void> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = Date.now() - (fs.statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_LOCK_MS || Date.now() > deadline) fs.rmSync(LOCK, { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Builds dist/renderer when it is missing or older than any renderer source file. */
export async function ensureStudioBuild(): Promise<void> {
  if (buildIsFresh()) return;
  await acquireLock();
  try {
    if (buildIsFresh()) return;
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit' },
    );
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
  requireFile(STUDIO_INDEX, 'the studio build (vite build output)');
}

export function launchChromium(): Promise<Browser> {
  requireFile(CHROMIUM, 'Debian Chromium (apt-get install chromium) for the studio UI tests');
  fs.mkdirSync(OUTPUT, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
