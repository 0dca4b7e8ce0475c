/**
 * The Stems page in Debian's Chromium against a real engine process (real ffmpeg, the embedded
 * DSP separator): the page says the built-in tier is the lower quality one, a chosen file is quoted,
 * separated with live status, and mixed — a waveform per stem, mute/solo/volume, synced
 * playback, per-stem downloads and a mixdown export. Screenshots go to test-output/.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
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
import { pickFromMenu } from './menu.ts';

let engine: EngineProcess;
let browser: Browser;
const temp = makeTempDir('tapehouse-stems-e2e-');
const song = path.join(temp.dir, 'song.wav');

beforeAll(async () => {
  execFileSync(systemFfmpeg(), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    "aevalsrc='0.3*sin(2*PI*330*t)+0.3*sin(2*PI*55*t)+0.5*lt(mod(t,0.5),0.005)|0.3*sin(2*PI*330*t)+0.3*sin(2*PI*55*t)+0.5*lt(mod(t,0.5),0.005)':s=44100:d=3",
    song,
  ]);
  await ensureStudioBuild();
  engine = await startEngineProcess({ home: path.join(temp.dir, 'home') });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await engine?.stop();
  temp.cleanup();
});

describe('stems page', () => {
  it('quotes, separates on the labelled DSP tier, and mixes and exports the stems', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1000 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/stems`);
      await page.getByTestId('stems-dsp-notice').waitFor();
      expect(await page.getByTestId('stems-dsp-notice').textContent()).toContain(
        'lower quality tier',
      );

      await page.getByTestId('stems-file').setInputFiles(song);
      await pickFromMenu(page, 'stems-mode', 'two');
      const quote = page.getByTestId('stems-quote');
      await quote.waitFor({ timeout: 30_000 });
      // 3 s billed at 660 credits a minute = 33 credits.
      await expect.poll(() => quote.textContent()).toContain('33 credits');
      // Its worth is at the pay-as-you-go rate the Credits page shows (7,500 per USD: under a
      // cent), never the separation rate card's own USD (issue 29: "341 credits = $0.0517").
      await expect
        .poll(() => page.getByTestId('stems-price').textContent())
        .toBe('33 credits (less than $0.01)');

      await page.getByTestId('stems-start').click();
      await page.getByTestId('stems-job').waitFor();
      await expect
        .poll(() => page.getByTestId('stems-status').getAttribute('data-status'), {
          timeout: 120_000,
          interval: 500,
        })
        .toBe('COMPLETED');
      expect(await page.getByTestId('stems-quality').textContent()).toContain('lower quality tier');

      const vocals = page.getByTestId('stem-vocals');
      const rest = page.getByTestId('stem-no_vocals');
      await vocals.waitFor();
      await rest.waitFor();
      expect(await vocals.textContent()).toContain('Built-in · lower quality');
      // The waveform is drawn once the stem is downloaded and decoded.
      await expect
        .poll(() => page.getByTestId('stem-wave-vocals').evaluate((el) => el.children.length), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      const href = await vocals.getByRole('link', { name: 'Download' }).getAttribute('href');
      expect(href).toMatch(/\/api\/v1\/downloads\/.+signature=/);
      const res = await fetch(href!.startsWith('http') ? href! : `${engine.url}${href!}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/audio\/wav/);

      await vocals.getByRole('button', { name: 'Solo' }).click();
      expect(await vocals.getByRole('button', { name: 'Solo' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await rest.getByRole('button', { name: 'Mute' }).click();
      expect(await rest.getByRole('button', { name: 'Mute' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await vocals.getByLabel('Vocals volume').fill('0.5');
      expect(await page.getByTestId('stem-db-vocals').textContent()).toBe('−6.0 dB');
      await vocals.getByLabel('Vocals pan').fill('-0.5');
      expect(await vocals.textContent()).toContain('Pan L 50');

      await page.getByRole('button', { name: 'Play' }).click();
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await expect
        .poll(() => page.getByTestId('stems-time').textContent(), { timeout: 10_000 })
        .not.toMatch(/^0\.0 /);
      // The soloed stem's meter moves while it plays.
      await expect
        .poll(
          async () =>
            Number(await page.getByTestId('stem-meter-vocals').getAttribute('aria-valuenow')),
          { timeout: 10_000 },
        )
        .toBeGreaterThan(-60);
      await page.getByRole('button', { name: 'Pause' }).click();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download mixdown' }).click();
      const file = await (await download).path();
      const bytes = fs.readFileSync(file);
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.length).toBeGreaterThan(44 + 44_100 * 2 * 2 * 2);

      // Every stem in one zip, in the chosen format.
      // The result's controls are the studio's own too: nothing native to pick with.
      expect(
        await page.locator('select, input[type="radio"], input[type="checkbox"]').count(),
      ).toBe(0);
      await page.getByTestId('stems-format-pcm16').check();
      const zipped = page.waitForEvent('download');
      await page.getByTestId('stems-zip').click();
      const zipDownload = await zipped;
      expect(zipDownload.suggestedFilename()).toMatch(/ - stems\.zip$/);
      const entries = unzipSync(fs.readFileSync(await zipDownload.path()));
      expect(Object.keys(entries).sort()).toEqual([
        expect.stringMatching(/ - Instrumental \(no vocals\)\.wav$/),
        expect.stringMatching(/ - Vocals\.wav$/),
      ]);
      for (const wav of Object.values(entries)) {
        expect(new DataView(wav.buffer, wav.byteOffset).getUint16(34, true)).toBe(16);
      }

      fs.mkdirSync(OUTPUT, { recursive: true });
      await page.screenshot({ path: path.join(OUTPUT, 'stems-mixer.png'), ...SHOT });

      // The result reopens from its Jobs row, named by the file, not a hash or "Job 6".
      await page.goto(`${engine.url}/#/jobs`);
      await page.getByTestId('job-open').first().click();
      await page.waitForURL(/#\/music\/stems\?job=\d+$/);
      await expect
        .poll(() => page.getByTestId('stems-status').getAttribute('data-status'), {
          timeout: 30_000,
        })
        .toBe('COMPLETED');
      await expect
        .poll(() => page.getByTestId('stems-job').textContent(), { timeout: 30_000 })
        .toMatch(/^song\.wav\s*Stems ready/);
      await page.getByTestId('stem-no_vocals').waitFor();
      expect(await page.getByTestId('stem-no_vocals').textContent()).toContain(
        'Instrumental (no vocals)',
      );
      // …and from the page's own history.
      const history = page.getByTestId('recent-stem_extraction');
      await history.waitFor();
      expect(await history.textContent()).toContain(path.basename(song));
    } finally {
      await closeWatchedPage(watched);
    }
  }, 240_000);

  it('isolates a catalog stem and removes another through the advanced form', async () => {
    const watched = await openWatchedPage(browser, {
      viewport: { width: 1280, height: 1000 },
      signInTo: engine,
    });
    const { page } = watched;
    try {
      await page.goto(`${engine.url}/#/music/stems`);
      await page.getByTestId('stems-file').setInputFiles(song);
      await pickFromMenu(page, 'stems-mode', 'catalog');
      await page.getByTestId('stems-catalog').click();
      // Instruments no installed engine can separate are offered but disabled, with the reason.
      const violin = page
        .getByTestId('stems-catalog-list')
        .locator('[role="option"][data-value="violin"]');
      expect(await violin.getAttribute('aria-disabled')).toBe('true');
      expect(await violin.textContent()).toContain('not installed');
      await page.keyboard.press('Escape');
      await pickFromMenu(page, 'stems-catalog', 'bass');
      await pickFromMenu(page, 'stems-exclude', 'drums');
      const quote = page.getByTestId('stems-quote');
      await expect
        .poll(() => quote.textContent(), { timeout: 30_000 })
        .toContain('Bass (built-in), Everything but drums (built-in)');
      await page.getByTestId('stems-start').click();
      await expect
        .poll(() => page.getByTestId('stems-status').getAttribute('data-status'), {
          timeout: 120_000,
          interval: 500,
        })
        .toBe('COMPLETED');
      await page.getByTestId('stem-bass').waitFor();
      await page.getByTestId('stem-no_drums').waitFor();
    } finally {
      await closeWatchedPage(watched);
    }
  }, 240_000);
});
