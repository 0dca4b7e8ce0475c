// The reader's embed, as a site owner uses it: `embed_html` pasted into a page served from
// another origin (another local port), opened in Debian Chromium, and played. The frame loads
// (the embed page may be framed by any site), the audio plays cross-origin inside it, and the
// engine's other pages still refuse to be framed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { requireFile } from '../helpers/requirements.ts';
import { CHROMIUM } from './harness.ts';

let engine: TestEngine;
let host: http.Server;
let hostUrl = '';
let browser: Browser;
let embedHtml = '';
let studioFrameHtml = '';

async function api(
  method: string,
  route: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${engine.api}${route}`, {
    method,
    headers: { Authorization: `Bearer ${engine.token}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  requireFile(CHROMIUM, 'Debian Chromium (apt-get install chromium) for the embed test');
  engine = await startEngine();
  const created = await api('POST', '/reader/generate', {
    content:
      'Harbour notes\n\nThe ferry leaves at ten. The tide turns twice a day, and the gulls follow the boats home.',
  });
  for (;;) {
    const job = await api('GET', `/jobs/${String(created.id)}`);
    if (job.status === 'completed') break;
    expect(['queued', 'running']).toContain(job.status);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  embedHtml = String((await api('GET', `/reader/${String(created.id)}`)).embed_html);
  studioFrameHtml = `<iframe id="studio" src="${engine.url}/"></iframe>`;
  host = http.createServer((req, res) => {
    const body = req.url === '/studio' ? studioFrameHtml : embedHtml;
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><body><h1>A blog post</h1>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--autoplay-policy=no-user-gesture-required',
      '--mute-audio',
    ],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
  await engine?.stop();
});

describe('the reader embed', () => {
  it('plays inside another site’s page', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${hostUrl}/post`);
    const frame = page.frameLocator('iframe');
    await expect.poll(() => frame.locator('h1').textContent()).toBe('Harbour notes');
    await frame.locator('audio').click(); // a real gesture on the player
    // A string, not a function: the engine's tsconfig has no DOM types; it runs in the frame.
    const embed = page.frames().find((f) => f.url().endsWith('/embed'));
    expect(embed).toBeDefined();
    const played = await embed!.evaluate<{ time: number; error: number | null; duration: number }>(
      `(async () => {
        const audio = document.querySelector('audio');
        await audio.play();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { time: audio.currentTime, error: audio.error ? audio.error.code : null, duration: audio.duration };
      })()`,
    );
    expect(played.error).toBeNull();
    expect(played.duration).toBeGreaterThan(2);
    expect(played.time).toBeGreaterThan(0.5);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the studio itself still refuses to be framed', async () => {
    const page = await browser.newPage();
    await page.goto(`${hostUrl}/studio`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const studio = page.frames().find((f) => f !== page.mainFrame());
    // A refused frame shows the browser's own error page, never the studio (nor its token).
    expect(studio?.url()).not.toBe(`${engine.url}/`);
    const token = await studio
      ?.evaluate<boolean>(`document.querySelector('meta[name="tapehouse-token"]') !== null`)
      .catch(() => false);
    expect(token ?? false).toBe(false);
    await page.close();
  });
});
