/**
 * The Credits and Webhooks pages in Debian's Chromium against a real engine process started
 * with TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=<receiver port>, and a real HTTP receiver on 127.0.0.1 (node:http,
 * port 0) that the engine delivers to:
 *
 * (a) Credits: this studio's ledger by default (an analysis run with the studio token is in its
 *     usage), then, signed in, the person's own: the balance matches GET /credits and the User's
 *     daily figures, real usage records (two analysis jobs run as the person) with filters and
 *     header-driven paging, the cost table with each service's worth at the pay-as-you-go rate,
 *     buying explained as needing a linked hosted account, and the owner's Local plan saved with
 *     the studio token;
 * (b) Webhooks: an endpoint to the receiver, its secret shown once, "Send test" arriving signed
 *     (the HMAC checked here with the secret read from the dialog), the log showing delivered /
 *     200; a 500 then a redeliver that is delivered; edit, pause, delete;
 * (c) an engine without the loopback setting refuses the receiver, and the page says, in the
 *     owner's words, where receivers on this computer are allowed.
 *
 * Screenshots: test-output/credits.png and test-output/webhooks*.png.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCredits, formatUsd } from '../../renderer/src/features/credits/credits-model.ts';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
  registerOverHttp,
  signInThroughForm,
  signInToStudio,
  type WatchedPage,
} from './harness.ts';
import { pickFromMenu } from './menu.ts';

let engine: EngineProcess;
let receiver: WebhookReceiver;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
/** Console lines a test expects (a refused request logs its status), removed before the check. */
let expectedErrors: RegExp[];
const temp = makeTempDir('tapehouse-e2e-credits-webhooks-');

beforeAll(async () => {
  await ensureStudioBuild();
  // The receiver first: loopback receivers are allowed on the ports the owner lists.
  receiver = await startWebhookReceiver(null, { host: '127.0.0.1' });
  engine = await startEngineProcess({
    home: path.join(temp.dir, 'home'),
    env: { TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK: String(receiver.port) },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await engine?.stop();
  temp.cleanup();
});

beforeEach(async () => {
  watched = await openWatchedPage(browser, {
    viewport: { width: 1360, height: 900 },
    clipboardOrigin: engine.url,
    signInTo: engine,
  });
  ({ page, expectedErrors } = watched);
});

afterEach(() => closeWatchedPage(watched));

// ---- Helpers ----------------------------------------------------------------------------------

/**
 * The studio scrolls inside <main>, so a "full page" shot is only the window: the window is made
 * as tall as the page for the shot, then put back.
 */
async function shot(name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const height = await page.evaluate<number>(
    "Math.max(document.querySelector('main')?.scrollHeight ?? 0, window.innerHeight)",
  );
  await page.setViewportSize({ width: viewport.width, height: Math.min(height, 4000) });
  await page.screenshot({ path: path.join(OUTPUT, `${name}.png`), ...SHOT });
  await page.setViewportSize(viewport);
}

async function textOf(testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? '';
}

interface Account {
  email: string;
  password: string;
  accessToken: string;
}

/** A verified account, made over HTTP with the code from the local outbox (studio token). */
async function register(target: EngineProcess, fullName: string): Promise<Account> {
  const email = `hooks-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'credit-deck-42';
  const accessToken = await registerOverHttp(target, { email, password, fullName });
  return { email, password, accessToken };
}

async function signIn(account: Account, pageTestId: string): Promise<void> {
  await signInThroughForm(page, account.email, account.password, pageTestId);
}

async function asUser<T>(account: Account, route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${engine.api}${route}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${account.accessToken}`,
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  expect(response.ok, `${route}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

/** A priced job run as the person: an audio analysis of a short sine (1 credit a minute). */
async function runAnalysis(account: Account, seconds: number): Promise<number> {
  const file = makeSineWav(temp.dir, `usage-${randomUUID().slice(0, 6)}.wav`, seconds);
  const uploaded = await asUser<{ file_key: string }>(account, '/files', {
    method: 'POST',
    headers: { 'Content-Type': 'audio/wav', 'X-Filename': path.basename(file) },
    body: fs.readFileSync(file),
  });
  const job = await asUser<{ id: number }>(account, '/analysis', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_key: uploaded.file_key }),
  });
  await expect
    .poll(async () => (await asUser<{ status: string }>(account, `/jobs/${job.id}`)).status, {
      timeout: 30_000,
      interval: 200,
    })
    .toBe('completed');
  return job.id;
}

/** The receiver's side of document 1's signature rule, with the secret the dialog showed. */
function signatureValid(secret: string, headers: Record<string, unknown>, raw: Buffer): boolean {
  const timestamp = headers['x-service-timestamp'];
  const signature = headers['x-service-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
  const given = Buffer.from(signature.replace(/^sha256=/, ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ---- Tests --------------------------------------------------------------------------------------

describe('studio credits and webhooks pages', () => {
  it('shows this studio’s and your own credits, usage, costs at the pay-as-you-go rate and the Local plan', async () => {
    const account = await register(engine, 'Cora Credits');
    const studio: Account = { email: '', password: '', accessToken: engine.token };
    const jobIds = [await runAnalysis(account, 2), await runAnalysis(account, 3)];
    const studioJob = await runAnalysis(studio, 2);

    // Signed out of any account: the studio's own ledger, which the studio's tools bill.
    await page.goto(`${engine.url}/#/credits`);
    expect(await page.getByTestId('nav-credits').getAttribute('aria-current')).toBe('page');
    await page.getByTestId('credits-page').waitFor();
    expect(await page.getByTestId('credits-ledger').count()).toBe(0);
    const studioBalance = await asUser<Record<string, number>>(studio, '/credits');
    await expect
      .poll(() => textOf('balance-total'))
      .toBe(formatCredits(studioBalance.total_available_credits!));
    const rows = page.getByTestId('usage-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`#${studioJob}`);
    expect(await rows.first().textContent()).toContain('Audio analysis');

    // Signed in, "Your account" shows exactly what the engine says for this person.
    await page.goto(`${engine.url}/#/webhooks`);
    await signIn(account, 'webhooks-page');
    await page.goto(`${engine.url}/#/credits`);
    await page.getByTestId('credits-ledger-user').click();
    expect(await textOf('credits-ledger')).toContain(account.email);
    const balance = await asUser<Record<string, number>>(account, '/credits');
    const me = await asUser<{ credits: Record<string, number> }>(account, '/auth/me');
    expect(balance.total_credits_used).toBe(2);
    await expect
      .poll(() => textOf('balance-subscription'))
      .toBe(formatCredits(balance.credits_balance!));
    expect(await textOf('balance-payg')).toBe(formatCredits(balance.payg_balance!));
    expect(await textOf('balance-total')).toBe(formatCredits(balance.total_available_credits!));
    expect(await textOf('balance-used-today')).toBe(formatCredits(me.credits.credits_used_today!));
    expect(await textOf('balance-daily-limit')).toBe(formatCredits(me.credits.daily_limit!));
    expect(await textOf('balance-next-reset')).toMatch(/\d{4}/);

    // Usage: both of the person's jobs, newest first, with the totals from the headers.
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain(`#${jobIds[1]}`);
    expect(await rows.first().textContent()).toContain('Audio analysis');
    expect(await textOf('usage-range')).toBe('1–2 of 2');
    expect(await textOf('usage-total')).toBe('2 records');
    await pickFromMenu(page, 'usage-filter-source', 'payg');
    await page.getByTestId('usage-empty').waitFor();
    expect(await textOf('usage-empty')).toContain('No usage matches these filters.');
    await page.getByTestId('usage-filter-clear').click();
    await expect.poll(() => rows.count()).toBe(2);
    await pickFromMenu(page, 'usage-per-page', '10');
    await pickFromMenu(page, 'usage-filter-service', 'audio_analysis');
    await expect.poll(() => textOf('usage-range')).toBe('1–2 of 2');

    // The cost table, as the engine reads it, each row's worth at the pay-as-you-go rate.
    const multipliers = await asUser<Record<string, number>>(account, '/credits/multipliers');
    const payg = await asUser<{ credits_per_dollar: number }>(account, '/credits/payg/info');
    const costRows = page.getByTestId('multiplier-row');
    await expect.poll(() => costRows.count()).toBe(Object.keys(multipliers).length);
    const transcription = page.locator('[data-testid="multiplier-row"][data-key="transcription"]');
    expect(await transcription.getByTestId('multiplier-credits').textContent()).toBe(
      formatCredits(multipliers.transcription!),
    );
    await expect
      .poll(() => transcription.getByTestId('multiplier-worth').textContent())
      .toBe(formatUsd(multipliers.transcription! / payg.credits_per_dollar));

    // Pay-as-you-go: the price, and buying explained (a linked hosted account), no failing Buy.
    expect(await textOf('payg-rate')).toBe(
      `${formatCredits(payg.credits_per_dollar)} credits per $1.00`,
    );
    expect(payg.credits_per_dollar).toBe(7_500);
    await page.getByTestId('payg-how').waitFor();
    expect(await textOf('payg-how')).toContain('Buying credits needs a linked account');
    expect(await page.getByTestId('payg-link-sync').getAttribute('href')).toBe('#/account/sync');
    expect(await page.getByTestId('payg-card').getByRole('button', { name: /Buy/ }).count()).toBe(
      0,
    );

    // The machine owner's Local plan: saved with the studio token, the daily limit follows.
    expect(await page.getByTestId('local-plan-card').textContent()).toContain(
      'Only the computer’s owner can change it.',
    );
    expect(await page.getByTestId('plan-monthly').inputValue()).toBe('1,000,000');
    await page.getByTestId('plan-daily').fill('300,000');
    await page.getByTestId('plan-save').click();
    await expect
      .poll(() => textOf('plan-messages'))
      .toContain('Saved: 1,000,000 credits a month, 300,000 a day.');
    const plan = (await (
      await fetch(`${engine.api}/local/plan`, {
        headers: { Authorization: `Bearer ${engine.token}` },
      })
    ).json()) as { daily_limit: number };
    expect(plan.daily_limit).toBe(300_000);
    await expect.poll(() => textOf('balance-daily-limit')).toBe('300,000');
    // A person's own token may not change it.
    const refused = await fetch(`${engine.api}/local/plan`, {
      headers: { Authorization: `Bearer ${account.accessToken}` },
    });
    expect(refused.status).toBe(403);

    await pickFromMenu(page, 'usage-filter-service', '');
    await expect.poll(() => rows.count()).toBe(2);
    await shot('credits');
  }, 120_000);

  it('adds an endpoint, shows its secret once, sends a signed test, redelivers a failure', async () => {
    const account = await register(engine, 'Wes Webhooks');
    await page.goto(`${engine.url}/#/webhooks`);
    await signIn(account, 'webhooks-page');
    await page.getByTestId('webhooks-empty').waitFor();
    await shot('webhooks-empty');

    // The form checks first; an address the engine refuses is explained beside the field.
    await page.getByTestId('webhook-create').click();
    await page.getByTestId('webhook-form-dialog').waitFor();
    await page.getByTestId('webhook-url-input').fill('http://10.20.30.40/hooks');
    expectedErrors.push(/status of 400/);
    await page.getByTestId('webhook-form-submit').click();
    await page.getByTestId('webhook-url-advice').waitFor();
    expect(await page.getByTestId('webhook-form').textContent()).toContain(
      'This webhook URL is refused',
    );
    expect(await page.getByTestId('webhook-url-input').getAttribute('aria-invalid')).toBe('true');

    // Now the real receiver on this machine (allowed by the engine's loopback setting).
    await page.getByTestId('webhook-url-input').fill(receiver.url);
    await page.getByTestId('webhook-event-job.cancelled').check();
    await page.getByTestId('webhook-event-job.failed').uncheck();
    await page.getByTestId('webhook-description-input').fill('Render farm notifier');
    await shot('webhooks-create');
    await page.getByTestId('webhook-form-submit').click();

    // The secret, once.
    const dialog = page.getByTestId('webhook-secret-dialog');
    await dialog.waitFor();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.textContent()).toContain('This is the only time the secret is shown.');
    await page.getByTestId('webhook-secret-copy').click();
    await expect.poll(() => textOf('webhook-secret-status')).toContain('Copied to the clipboard.');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await shot('webhooks-secret');
    await page.getByTestId('webhook-secret-done').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);

    const row = page.getByTestId('webhook-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await textOf('webhook-url')).toBe(receiver.url);
    expect(await row.textContent()).toContain('job.completed');
    expect(await row.textContent()).toContain('job.cancelled');
    expect(await row.textContent()).not.toContain('job.failed');
    const endpointId = (await row.getAttribute('data-endpoint-id')) ?? '';
    const [listed] = await asUser<{ events: string[]; description: string }[]>(
      account,
      '/webhooks/endpoints',
    );
    expect(listed?.events).toEqual(['job.completed', 'job.cancelled']);
    expect(listed?.description).toBe('Render farm notifier');
    await page.getByTestId('delivery-empty').waitFor();

    // Send test: a signed POST arrives; the log shows it delivered with 200.
    await page.getByTestId('webhook-test').click();
    const [first] = await receiver.waitFor(1);
    expect(first!.headers['x-service-event']).toBe('webhook.test');
    expect(first!.headers['content-type']).toBe('application/json');
    expect(signatureValid(secret, first!.headers, first!.rawBody)).toBe(true);
    expect(signatureValid(`${secret}x`, first!.headers, first!.rawBody)).toBe(false);
    expect(first!.body.endpoint_id).toBe(endpointId);
    expect(first!.body.event_type).toBe('webhook.test');
    const deliveries = page.getByTestId('delivery-row');
    await expect
      .poll(() => deliveries.first().getAttribute('data-status'), { timeout: 15_000 })
      .toBe('delivered');
    expect(await deliveries.first().getByTestId('delivery-status').textContent()).toBe('Delivered');
    expect(await deliveries.first().getByTestId('delivery-code').textContent()).toBe('HTTP 200');
    expect(await deliveries.first().getByTestId('delivery-attempts').textContent()).toBe(
      '1 attempt',
    );

    // The receiver fails once: retrying with 500 and a next retry time; redeliver → delivered.
    receiver.replies = [500];
    await page.getByTestId('webhook-test').click();
    const second = (await receiver.waitFor(2))[1]!;
    const failed = deliveries.first();
    await expect
      .poll(() => failed.getAttribute('data-status'), { timeout: 15_000 })
      .toBe('retrying');
    expect(await failed.getByTestId('delivery-code').textContent()).toBe('HTTP 500');
    expect(await failed.getByTestId('delivery-status').textContent()).toBe('Retrying');
    expect(await failed.getByTestId('delivery-next').textContent()).toMatch(/^in (\d+ s|1 min)$/);
    await shot('webhooks-retrying');
    await failed.getByTestId('delivery-redeliver').click();
    const third = (await receiver.waitFor(3))[2]!;
    expect(third.headers['x-service-event-id']).toBe(second.headers['x-service-event-id']);
    expect(third.rawBody.equals(second.rawBody)).toBe(true);
    expect(signatureValid(secret, third.headers, third.rawBody)).toBe(true);
    await expect
      .poll(() => failed.getAttribute('data-status'), { timeout: 15_000 })
      .toBe('delivered');
    expect(await failed.getByTestId('delivery-code').textContent()).toBe('HTTP 200');
    expect(await failed.getByTestId('delivery-attempts').textContent()).toBe('2 attempts');
    expect(await failed.getByTestId('delivery-next').textContent()).toBe('–');
    expect(await deliveries.count()).toBe(2);
    expect(await textOf('delivery-total')).toBe('2 deliveries');
    await shot('webhooks');

    // Edit: only what changed is sent.
    await page.getByTestId('webhook-edit').click();
    await page.getByTestId('webhook-form-dialog').waitFor();
    expect(await page.getByTestId('webhook-url-input').inputValue()).toBe(receiver.url);
    await page.getByTestId('webhook-description-input').fill('Render farm notifier (night)');
    await page.getByTestId('webhook-form-submit').click();
    await page.getByTestId('webhook-form-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => textOf('webhook-description')).toBe('Render farm notifier (night)');

    // Pause and resume.
    await page.getByTestId('webhook-active').click();
    await expect.poll(() => row.getAttribute('data-active')).toBe('false');
    expect(
      (await asUser<{ active: boolean }>(account, `/webhooks/endpoints/${endpointId}`)).active,
    ).toBe(false);
    await page.getByTestId('webhook-active').click();
    await expect.poll(() => row.getAttribute('data-active')).toBe('true');

    // Delete asks first, and takes the delivery log with it.
    await page.getByTestId('webhook-delete').click();
    await page.getByTestId('webhook-delete-dialog').waitFor();
    await shot('webhooks-delete');
    await page.getByTestId('webhook-delete-confirm').click();
    await page.getByTestId('webhooks-empty').waitFor();
    expect(await textOf('webhooks-messages')).toContain('Deleted the endpoint');
    expect(await asUser<unknown[]>(account, '/webhooks/endpoints')).toEqual([]);
  }, 120_000);

  it('explains a refused receiver on this machine and names the setting that allows it', async () => {
    const strict = await startEngineProcess({ home: path.join(temp.dir, 'strict-home') });
    const received = receiver.received.length;
    try {
      const account = await register(strict, 'Stella Strict');
      await signInToStudio(page, strict);
      await page.goto(`${strict.url}/#/webhooks`);
      await signIn(account, 'webhooks-page');
      await page.getByTestId('webhook-create').click();
      await page.getByTestId('webhook-url-input').fill(receiver.url);
      expectedErrors.push(/status of 400/);
      await page.getByTestId('webhook-form-submit').click();
      const advice = page.getByTestId('webhook-loopback-advice');
      await advice.waitFor();
      const text = (await advice.textContent()) ?? '';
      // In the owner's words: which addresses, and where to allow them; no variable names.
      expect(text).toContain('Receivers on this computer are turned off.');
      expect(text).toContain('http://127.0.0.1:<port>');
      expect(text).toContain('webhook settings');
      expect(text).not.toMatch(/TAPEHOUSE_|webhooksAllowLoopback/);
      expect(await page.getByTestId('webhook-url-input').getAttribute('aria-invalid')).toBe('true');
      await shot('webhooks-loopback-refused');
      expect(receiver.received.length).toBe(received); // nothing reached the receiver
    } finally {
      // Leave the page first: stopping the engine under it would cut its live job stream.
      await page.goto('about:blank');
      await strict.stop();
    }
  }, 90_000);
});
