/**
 * The "From the web" page in Debian's Chromium against a real engine process (Debian's yt-dlp,
 * real ffmpeg, the embedded eSpeak NG voice): a page URL from a local server is read (title and
 * formats), downloaded as MP3 with live progress, played in the studio's player and handed to
 * stem separation. (The article reader is its own page: ./reader.test.ts.) Screenshots go to
 * test-output/.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { requireFile } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { startLocalWeb, type LocalWeb } from '../helpers/web-server.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
} from './harness.ts';
import { pickFromMenu } from './menu.ts';

let engine: EngineProcess;
let web: LocalWeb;
let browser: Browser;
const temp = makeTempDir('tapehouse-web-e2e-');

beforeAll(async () => {
  requireFile('/usr/bin/yt-dlp', 'a system yt-dlp (apt-get install yt-dlp)');
  await ensureStudioBuild();
  web = await startLocalWeb(path.join(temp.dir, 'site'));
  engine = await startEngineProcess({
    home: path.join(temp.dir, 'home'),
    env: { TAPEHOUSE_FETCH_ALLOW_LOOPBACK: String(web.port), TAPEHOUSE_YTDLP: 'system' },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  await web?.close();
  temp.cleanup();
});

describe('From the web page', { timeout: 240_000 }, () => {
  it('reads a page, downloads its video as MP3 with progress, and sends it to stems', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1100 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/web`);
      await page.getByLabel('Page or media address').fill(`${web.url}/watch`);
      await page.getByRole('button', { name: 'Read' }).click();
      await expect
        .poll(() => page.getByTestId('media-title').textContent(), { timeout: 60_000 })
        .toMatch(/^Harbour at dawn/);
      await pickFromMenu(page, 'media-format', 'mp3');
      await page.getByRole('button', { name: 'Download' }).click();
      await page.getByTestId('download-result').waitFor({ timeout: 120_000 });
      await page.getByTestId('download-player').waitFor();
      await page.screenshot({ path: path.join(OUTPUT, 'web-download.png'), ...SHOT });
      await page.getByRole('button', { name: 'Stem separation' }).click();
      await expect
        .poll(() => page.getByTestId('use-in-status').textContent(), { timeout: 30_000 })
        .toMatch(/Stem separation started \(job #\d+\)/);
    } finally {
      await closeWatchedPage(watched);
    }
  });
});
