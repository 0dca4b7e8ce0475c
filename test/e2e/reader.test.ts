/**
 * The Reader page in Debian's Chromium against a real engine process (the embedded eSpeak NG
 * voices, real ffmpeg): an article read from a local web page is estimated, narrated and listed
 * with a player and share links; and a text is narrated with a voice designed in the studio
 * ("Morag"), the voice every other picker offers, which the reader once refused with "No voice"
 * (issue 29). Screenshots: test-output/reader*.png.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePage, ARTICLE_TITLE } from '../helpers/article-page.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
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
const temp = makeTempDir('tapehouse-reader-e2e-');

async function api<T>(route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${engine.api}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `Bearer ${engine.token}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  await ensureStudioBuild();
  web = await startLocalWeb(path.join(temp.dir, 'site'));
  web.page('/island/night-ferry', articlePage());
  engine = await startEngineProcess({
    home: path.join(temp.dir, 'home'),
    env: { TAPEHOUSE_FETCH_ALLOW_LOOPBACK: String(web.port) },
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  await web?.close();
  temp.cleanup();
});

describe('Reader page', { timeout: 240_000 }, () => {
  it('narrates an article and lists it with a player and share links', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1100 },
      clipboardOrigin: engine.url,
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/reader`);
      await page.getByLabel('Article address').fill(`${web.url}/island/night-ferry`);
      await page.getByTestId('reader-estimate-button').click();
      await expect
        .poll(() => page.getByTestId('reader-estimate').textContent(), { timeout: 30_000 })
        .toContain('free (standard narration)');
      await page.getByTestId('reader-narrate').click();
      await expect
        .poll(() => page.getByTestId('reader-messages').textContent(), { timeout: 30_000 })
        .toContain(`Narrating “${ARTICLE_TITLE}”`);
      const item = page.locator('[data-testid^="reader-"][data-status]', {
        hasText: ARTICLE_TITLE,
      });
      await expect
        .poll(
          async () => `${await item.getAttribute('data-status')}: ${await item.textContent()}`,
          {
            timeout: 180_000,
          },
        )
        .toMatch(/^completed: /);
      await item.locator('[data-testid^="reader-player-"]').first().waitFor();
      await item.getByRole('button', { name: 'Copy embed code' }).click();
      const copied = await page.evaluate<string>('navigator.clipboard.readText()');
      expect(copied).toMatch(
        /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/api\/v1\/reader\/public\/[0-9a-f]{32}\/embed"/,
      );
      await page.screenshot({ path: path.join(OUTPUT, 'reader.png'), ...SHOT });
    } finally {
      await closeWatchedPage(watched);
    }
  });

  it('narrates with a designed voice the voice list offers', async () => {
    const designed = await api<{ previews: { preview_id: string }[] }>('/voice/design', {
      design_prompt: 'A gentle Scottish woman in her fifties, speaking slowly and warmly.',
      num_samples: 1,
      seed: 3,
    });
    await api('/voice/design/publish', {
      preview_id: designed.previews[0]?.preview_id,
      name: 'Morag',
    });
    const { voices } = await api<{ voices: { id: number; name: string }[] }>(
      '/voice/voice-profiles?voice_type=CUSTOM',
    );
    const morag = voices.find((voice) => voice.name === 'Morag');
    expect(morag, 'the designed voice is in the voice list').toBeDefined();

    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1100 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/reader`);
      await page.getByTestId('reader-source-text').click();
      await page
        .getByTestId('reader-text')
        .fill('Morag reads\n\nThe harbour lights came on one by one, and the ferry slipped away.');
      await pickFromMenu(page, 'reader-voice', String(morag!.id));
      expect(await page.getByTestId('reader-voice').textContent()).toContain('Morag');
      await page.getByTestId('reader-narrate').click();
      const item = page.locator('[data-testid^="reader-"][data-status]', {
        hasText: 'Morag reads',
      });
      await expect
        .poll(() => item.getAttribute('data-status'), { timeout: 180_000 })
        .toBe('completed');
      await item.locator('[data-testid^="reader-player-"]').first().waitFor();
      expect(await item.textContent()).toContain('Morag');
      expect(await page.getByTestId('reader-messages').textContent()).not.toMatch(/No voice/);
      await page.screenshot({ path: path.join(OUTPUT, 'reader-designed-voice.png'), ...SHOT });
    } finally {
      await closeWatchedPage(watched);
    }
  });
});
