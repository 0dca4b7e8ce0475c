// The web studio's sign-in in a real browser (issue 13, defect 2): a page opened without a
// studio session shows the sign-in screen and nothing of the studio; the one-time link printed
// by the engine signs in once (a second browser opening the same link is refused); the studio
// token from the data folder also signs in; a session the engine ends sends the page back.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
} from './harness.ts';

let engine: EngineProcess;
let browser: Browser;
const temp = makeTempDir('tapehouse-e2e-sign-in-');

beforeAll(async () => {
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

async function printedLink(): Promise<string> {
  for (let i = 0; !/^TAPEHOUSE_LOGIN /m.test(engine.stdout()) && i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const line = engine.stdout().split('\n')[1] ?? '';
  expect(line).toMatch(/^TAPEHOUSE_LOGIN http:\/\/127\.0\.0\.1:\d+\/\?login=/);
  return line.slice('TAPEHOUSE_LOGIN '.length);
}

describe('signing in to the web studio', () => {
  it('shows only the sign-in screen without a session', async () => {
    const watched = await openWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await watched.page.goto(`${engine.url}/#/jobs`);
      await watched.page.getByTestId('studio-sign-in').waitFor();
      expect(await watched.page.locator('nav').count()).toBe(0);
      await watched.page.screenshot({ path: path.join(OUTPUT, 'studio-sign-in.png'), ...SHOT });
    } finally {
      await closeWatchedPage(watched);
    }
  }, 60_000);

  it('signs in with the printed link once, keeping the page the link named', async () => {
    const link = await printedLink();
    const first = await openWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
    const second = await openWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
    try {
      await first.page.goto(`${link}#/jobs`);
      await first.page.getByTestId('page-jobs').waitFor();
      expect(first.page.url()).toBe(`${engine.url}/#/jobs`);

      second.expectedErrors.push(/status of 401/);
      await second.page.goto(link);
      await second.page.getByTestId('studio-sign-in').waitFor();
      expect(await second.page.getByTestId('studio-sign-in-messages').textContent()).toContain(
        'already used or has expired',
      );
    } finally {
      await closeWatchedPage(first);
      await closeWatchedPage(second);
    }
  }, 60_000);

  it('signs in with the studio token, and out again when the sessions are ended', async () => {
    const watched = await openWatchedPage(browser, { viewport: { width: 1280, height: 800 } });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/jobs`);
      await page.getByTestId('studio-token-input').fill('not-the-token');
      watched.expectedErrors.push(/status of 401/);
      await page.getByTestId('studio-token-submit').click();
      await page.getByTestId('studio-sign-in-messages-error').waitFor();
      const token = fs.readFileSync(path.join(engine.home, 'studio-token'), 'utf8').trim();
      await page.getByTestId('studio-token-input').fill(token);
      await page.getByTestId('studio-token-submit').click();
      await page.getByTestId('page-jobs').waitFor();

      const ended = await fetch(`${engine.api}/local/studio-sessions`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${engine.token}` },
      });
      expect(ended.status).toBe(204);
      // The stored session is refused at its next use: the page forgets it and asks again.
      await page.reload();
      await page.getByTestId('studio-sign-in').waitFor({ timeout: 15_000 });
    } finally {
      await closeWatchedPage(watched);
    }
  }, 60_000);
});
