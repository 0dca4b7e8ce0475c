/**
 * Every page of the web studio, in Debian's Chromium against a real engine, at 1440×900 and at
 * 1024×700 (issue 29): each page, a book's manuscript and cast, the signed-in account pages, and
 * the main dialogs (new audiobook, Export for ACX, the keyboard help on `?`), checked by
 * ./page-audit.ts (no native control outside the design system, no horizontal scrollbar, no text
 * overflowing its box), with no console error and no failed request other than a request the
 * page cancelled by navigating away. At 1024 px the sidebar is the narrow rail. Screenshots of
 * every page and size: test-output/walkthrough/<width>-<page>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  OUTPUT,
  ensureStudioBuild,
  launchChromium,
  registerOverHttp,
  signInThroughForm,
  signInToStudio,
} from './harness.ts';
import { auditPage } from './page-audit.ts';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

const PAGES = [
  '/home',
  '/audiobooks',
  '/voices',
  '/web',
  '/reader',
  '/transcription',
  '/translate',
  '/voices/lab',
  '/music/stems',
  '/music/midi',
  '/music/denoise',
  '/jobs',
  '/account/sync',
  '/credits',
  '/settings/engine',
  '/settings/models',
];
const SIGNED_IN = ['/account/profile', '/account/sessions', '/account/api-keys', '/webhooks'];

const BOOK = [
  'CHAPTER I',
  '',
  'The harbour was quiet when Thomas came down to the water.',
  '',
  '“Is the ferry late again?” asked Thomas.',
  '',
  'Mary laughed. “You and your rain.”',
  '',
  'CHAPTER II',
  '',
  'The ferry came at noon, and nobody said a word about the rain.',
].join('\n');

let engine: EngineProcess;
let browser: Browser;
let bookId: string;
const temp = makeTempDir('tapehouse-e2e-walkthrough-');
const SHOTS = path.join(OUTPUT, 'walkthrough');

async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${engine.api}${route}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${engine.token}`,
      ...(typeof init.body === 'string' && { 'Content-Type': 'application/json' }),
    },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

beforeAll(async () => {
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
  fs.mkdirSync(SHOTS, { recursive: true });
  const book = await api<{ id: string }>('/audiobook/projects', {
    method: 'POST',
    body: JSON.stringify({ title: 'The Harbour', author: 'Ann Example' }),
  });
  bookId = book.id;
  await api(`/audiobook/projects/${bookId}/manuscript/paste`, {
    method: 'POST',
    body: JSON.stringify({ text: BOOK }),
  });
  // The paste is read by a job; wait for the book (expect.poll works only inside a test).
  for (let tries = 0; ; tries++) {
    const { status } = await api<{ status: string }>(`/audiobook/projects/${bookId}`);
    if (status === 'ready_for_narration') break;
    if (tries > 240) throw new Error(`the book did not become ready (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

interface Walk {
  page: Page;
  problems: string[];
}

/** A page whose console errors and failed requests are problems of the page shown at the time. */
async function openWalk(size: (typeof SIZES)[number]): Promise<Walk> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  const problems: string[] = [];
  let shown = '(start)';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown = new URL(frame.url()).hash || frame.url();
  });
  page.on('pageerror', (error) => problems.push(`${shown}: script error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${shown}: console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => {
    // Leaving a page cancels its pending requests and its event stream: expected.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`${shown}: request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`${shown}: ${response.status()} from ${response.url()}`);
    }
  });
  await signInToStudio(page, engine);
  return { page, problems };
}

/** Shows `route`, waits for its heading and for loading to end, audits it and takes its picture. */
async function visit(walk: Walk, route: string, name: string, width: number): Promise<void> {
  const { page } = walk;
  await page.goto(`${engine.url}/#${route}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await settle(page);
  await check(walk, name, width);
}

async function settle(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('[role="status"]:text-matches("^Loading", "i")').count(), {
      timeout: 15_000,
    })
    .toBe(0);
  await page.waitForTimeout(400);
}

async function check(walk: Walk, name: string, width: number): Promise<void> {
  const found = await auditPage(walk.page);
  await walk.page.screenshot({
    path: path.join(SHOTS, `${width}-${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  for (const control of found.nativeControls) {
    walk.problems.push(`${name} @${width}: native control outside the design system: ${control}`);
  }
  if (found.horizontalScroll) {
    walk.problems.push(`${name} @${width}: horizontal scrollbar: ${found.horizontalScroll}`);
  }
  for (const text of found.overflowingText) {
    walk.problems.push(`${name} @${width}: text overflows its box: ${text}`);
  }
}

const slug = (route: string) => route.slice(1).replace(/\//g, '_');

describe('studio walk-through', { timeout: 600_000 }, () => {
  it('has an audit that finds a native control, a wide page and overflowing text', async () => {
    const walk = await openWalk(SIZES[1]);
    const { page } = walk;
    await page.goto(`${engine.url}/#/home`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await auditPage(page)).toEqual({
      nativeControls: [],
      horizontalScroll: null,
      overflowingText: [],
    });
    // What a page built without the design system would show (a string: this file is checked
    // without the DOM library).
    await page.evaluate(`(() => {
      const main = document.getElementById('main');
      const button = document.createElement('button');
      button.textContent = 'Native';
      const wide = document.createElement('div');
      wide.style.width = '4000px';
      wide.textContent = 'wide';
      const cramped = document.createElement('p');
      cramped.style.width = '40px';
      cramped.style.whiteSpace = 'nowrap';
      cramped.textContent = 'A sentence that cannot fit in forty pixels';
      main.prepend(button, wide, cramped);
    })()`);
    const found = await auditPage(page);
    expect(found.nativeControls).toEqual(['<button> “Native”']);
    expect(found.horizontalScroll).toMatch(/px wide/);
    expect(found.overflowingText).toEqual([
      expect.stringContaining('“A sentence that cannot fit in forty pixels” needs'),
    ]);
    await page.context().close();
    expect(walk.problems).toEqual([]);
  });

  for (const size of SIZES) {
    it(`shows every page at ${size.width}×${size.height} without a design-system problem`, async () => {
      const walk = await openWalk(size);
      const { page } = walk;
      const rail = await page.getByTestId('sidebar').getAttribute('data-collapsed');
      expect(rail, 'the sidebar is a rail below 1200 px').toBe(
        size.width < 1200 ? 'true' : 'false',
      );

      for (const route of PAGES) await visit(walk, route, slug(route), size.width);
      await visit(walk, `/audiobooks/${bookId}`, 'book-manuscript', size.width);
      await visit(walk, `/audiobooks/${bookId}/cast`, 'book-cast', size.width);

      // The dialogs: Export for ACX on the book, a new audiobook, the keyboard help.
      await visit(walk, `/audiobooks/${bookId}`, 'book-manuscript', size.width);
      await page.getByTestId('export-open').click();
      await page.getByTestId('export-dialog').waitFor();
      await settle(page);
      await check(walk, 'dialog-export', size.width);
      await page.keyboard.press('Escape');
      await visit(walk, '/audiobooks', 'audiobooks', size.width);
      await page.getByTestId('new-audiobook').click();
      await page.getByTestId('new-audiobook-dialog').waitFor();
      await check(walk, 'dialog-new-audiobook', size.width);
      await page.keyboard.press('Escape');
      await page.keyboard.press('?');
      await page.getByTestId('shortcut-help').waitFor();
      await check(walk, 'dialog-keyboard-help', size.width);
      await page.keyboard.press('Escape');

      // The pages that belong to a signed-in person.
      const email = `walk-${size.width}@example.com`;
      await registerOverHttp(engine, { email, password: 'harbour-42', fullName: 'Walker' });
      await page.goto(`${engine.url}/#/account/sign-in`);
      await signInThroughForm(page, email, 'harbour-42', 'account-signed-in');
      for (const route of SIGNED_IN) await visit(walk, route, slug(route), size.width);
      await visit(walk, '/credits', 'credits-signed-in', size.width);

      await page.context().close();
      expect(walk.problems).toEqual([]);
    });
  }
});
