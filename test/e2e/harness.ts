/**
 * Shared by the browser tests: the studio build they load, the Chromium they drive, a page
 * watched for errors, and an account registered over HTTP and signed in through the form.
 *
 * Test files run in parallel workers, and `vite build` empties dist/renderer before writing it,
 * so a build is taken under a lock (an atomic mkdir) and the freshness check is repeated once the
 * lock is held: the second file to arrive finds the first one's build and does nothing.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT, type EngineProcess } from '../helpers/engine.ts';
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

/** A page in its own browser context, with its page errors and console errors collected. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Console lines a test expects (a refused request logs its status), removed before the check. */
  expectedErrors: RegExp[];
}

export async function openWatchedPage(
  browser: Browser,
  options: {
    viewport: { width: number; height: number };
    /** Grants clipboard read/write to this origin (the copy buttons). */
    clipboardOrigin?: string;
    /** Signs the page's context in to this engine's web studio (a one-time link). */
    signInTo?: EngineProcess;
  },
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: options.viewport });
  if (options.clipboardOrigin !== undefined) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: options.clipboardOrigin,
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  if (options.signInTo !== undefined) await signInToStudio(page, options.signInTo);
  return { context, page, errors, expectedErrors: [] };
}

/**
 * Signs a browser context in to the web studio the way its owner does: a one-time sign-in link
 * (minted here with the studio token, as `npm start` and `npm run studio-link` do) opened in the
 * page, which exchanges it for a studio session kept in the tab's sessionStorage (later pages
 * of the context ask an open one for it).
 */
export async function signInToStudio(page: Page, engine: EngineProcess): Promise<void> {
  const minted = await fetch(`${engine.api}/local/login-links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${engine.token}` },
  });
  expect(minted.status, await minted.clone().text()).toBe(201);
  const { url } = (await minted.json()) as { url: string };
  await page.goto(url);
  // A function, not a string: the studio's CSP forbids eval. Typed without the DOM library.
  await page.waitForFunction(
    () =>
      (
        globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
      ).sessionStorage.getItem('tapehouse.studio-session') !== null,
  );
  expect(new URL(page.url()).searchParams.has('login')).toBe(false);
}

/** Closes the page's context, then fails on any error line that no expected pattern matches. */
export async function closeWatchedPage(watched: WatchedPage): Promise<void> {
  await watched.context.close();
  const unexpected = watched.errors.filter(
    (line) => !watched.expectedErrors.some((re) => re.test(line)),
  );
  expect(unexpected).toEqual([]);
}

/**
 * A verified account, made over HTTP with the code from the local outbox (read with the studio
 * token), under its own User-Agent (so its own device for the sign-up cap). Answers the access
 * token the verification returned.
 */
export async function registerOverHttp(
  target: EngineProcess,
  account: { email: string; password: string; fullName: string },
): Promise<string> {
  const { email, password, fullName } = account;
  const headers = { 'Content-Type': 'application/json', 'User-Agent': `E2E/${randomUUID()}` };
  const started = await fetch(`${target.api}/auth/initiate-registration`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, full_name: fullName }),
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const outbox = (await (
    await fetch(`${target.api}/local/outbox?to=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${target.token}` },
    })
  ).json()) as { messages: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1];
  expect(code).toBeTruthy();
  const verified = await fetch(`${target.api}/auth/verify-registration`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, verification_code: code }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const tokens = (await verified.json()) as { access_token: string };
  return tokens.access_token;
}

/** Signs in through the studio's form, then waits for `readyTestId` (the page it leads to). */
export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  readyTestId: string,
): Promise<void> {
  await page.getByTestId('sign-in-form').waitFor();
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId(readyTestId).waitFor({ timeout: 15_000 });
}
