/**
 * The Account area in Debian's Chromium against a real engine process (its own data dir, no
 * SMTP, so registration codes land in the local outbox):
 *
 * (a) register through the UI with the code the UI shows from the local outbox, sign out and in
 *     again, manage sessions and devices, create an API key whose secret is shown once, call
 *     GET /auth/me with it from the test, revoke it, sign out;
 * (b) an expired access token is renewed before use, a 401 `token_expired` is renewed and
 *     retried once, and the password change keeps this session;
 * (c) after repeated failed logins the sign-in form asks the engine's CAPTCHA question.
 *
 * Screenshots go to test-output/account-*.png for a human look.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  OUTPUT,
  SHOT,
  closeWatchedPage,
  ensureStudioBuild,
  launchChromium,
  openWatchedPage,
  registerOverHttp,
  signInThroughForm,
  type WatchedPage,
} from './harness.ts';
import { pickFromMenu } from './menu.ts';

const STORAGE_KEY = 'tapehouse.account.session';

let engine: EngineProcess;
let browser: Browser;
let watched: WatchedPage;
let page: Page;
/** Console lines a test expects (a refused login logs its 401), removed before the check. */
let expectedErrors: RegExp[];
const temp = makeTempDir('tapehouse-e2e-account-');

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

beforeEach(async () => {
  watched = await openWatchedPage(browser, {
    viewport: { width: 1280, height: 900 },
    clipboardOrigin: engine.url,
    signInTo: engine,
  });
  ({ page, expectedErrors } = watched);
});

afterEach(() => closeWatchedPage(watched));

// ---- Helpers ----------------------------------------------------------------------------------

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUTPUT, `account-${name}.png`), ...SHOT });
}

async function expectPath(hash: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).hash, { timeout: 10_000 }).toBe(hash);
}

async function textOf(testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? '';
}

function login(email: string, password: string, userAgent: string): Promise<Response> {
  return fetch(`${engine.api}/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': userAgent },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
}

interface Stored {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  email: string;
}

async function storedSession(): Promise<Stored | null> {
  // Expressions as strings: this file is type-checked without the DOM library.
  const text = await page.evaluate<string | null>(
    `sessionStorage.getItem(${JSON.stringify(STORAGE_KEY)})`,
  );
  return text ? (JSON.parse(text) as Stored) : null;
}

// ---- Tests --------------------------------------------------------------------------------------

describe('studio account area', () => {
  it('registers with the outbox code, signs in, and creates an API key that is shown once', async () => {
    const email = `narrator-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'tape-deck-42';

    // Signed out, the Account area lands on the sign-in screen.
    await page.goto(`${engine.url}/#/account`);
    await expectPath('#/account/sign-in');
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('nav-account').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('nav-account').textContent()).not.toContain('Soon');
    await shot('sign-in');

    // Register: the form checks the password rule before sending anything.
    await page.getByTestId('tab-register').click();
    await expectPath('#/account/register');
    await page.getByTestId('register-name').fill('Ada Narrator');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-password').fill('short');
    expect(await page.getByTestId('password-rules').locator('[data-met="true"]').count()).toBe(1); // a letter, but neither 6 characters nor a number
    await page.getByTestId('register-submit').click();
    await expect
      .poll(() => page.getByTestId('register-password').getAttribute('aria-invalid'))
      .toBe('true');
    // Focus moves to the field that needs fixing.
    await expect
      .poll(() =>
        page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null"),
      )
      .toBe('register-password');
    expect(await page.getByTestId('register-form').textContent()).toContain(
      'At least 6 characters, with at least one letter and one number.',
    );
    await page.getByTestId('register-password').fill(password);
    expect(await page.getByTestId('password-rules').locator('[data-met="true"]').count()).toBe(3);
    await shot('register');
    await page.getByTestId('register-submit').click();

    // The code step shows the engine's local outbox message for this address.
    await page.getByTestId('verify-form').waitFor();
    const outbox = page.getByTestId('local-outbox');
    expect(await outbox.textContent()).toContain('Local outbox (this computer only)');
    await page.getByTestId('outbox-message').waitFor();
    const code = await textOf('outbox-code');
    expect(code).toMatch(/^\d{6}$/);
    expect(await textOf('outbox-body')).toContain(`verification code is ${code}`);
    expect(await outbox.textContent()).toContain(email);
    await shot('register-code');

    // A wrong code is refused in place; the code read from the outbox panel works.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('verify-code').fill(wrong);
    await page.getByTestId('verify-submit').click();
    expectedErrors.push(/status of 400/);
    await expect
      .poll(() => page.getByTestId('verify-code').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByTestId('verify-form').textContent()).toContain(
      'That code is wrong or has expired',
    );
    await page.getByTestId('verify-code').fill(code);
    await page.getByTestId('verify-submit').click();

    // Verified: signed in, on the profile.
    await expectPath('#/account/profile');
    await page.getByTestId('account-signed-in').waitFor();
    expect(await textOf('signed-in-email')).toBe(email);
    expect(await textOf('profile-email')).toBe(email);
    expect(await page.getByTestId('profile-name').inputValue()).toBe('Ada Narrator');

    // Sign out, then sign in with the form (a wrong password first).
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-form').waitFor();
    expect(await storedSession()).toBeNull();
    await page.getByTestId('sign-in-email').fill(email);
    await page.getByTestId('sign-in-password').fill('not-the-password-1');
    await page.getByTestId('sign-in-submit').click();
    await expect
      .poll(() => textOf('sign-in-messages'), { timeout: 10_000 })
      .toContain('Wrong e-mail or password.');
    expectedErrors.push(/status of 401/);
    await signInThroughForm(page, email, password, 'account-signed-in');
    await expectPath('#/account/profile');

    // Profile: a change is saved and shown as saved.
    await pickFromMenu(page, 'profile-user-type', 'individual');
    await pickFromMenu(page, 'profile-audio-usage', 'audiobooks');
    await page.getByTestId('profile-phone').fill('+44 (20) 7946-0958');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => textOf('profile-messages')).toContain('Profile saved.');
    expect(await page.getByTestId('profile-phone').inputValue()).toBe('+442079460958');
    expect(await textOf('phone-status')).toBe('Not verified');
    await shot('profile');

    // Sessions & devices: a second session, opened by a script, is listed and signed out.
    const scriptAgent = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Firefox/128.0';
    expect((await login(email, password, scriptAgent)).status).toBe(200);
    await page.getByTestId('account-tab-sessions').click();
    await expectPath('#/account/sessions');
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);
    expect(await page.locator('[data-testid="session-row"][data-current="true"]').count()).toBe(1);
    expect(await textOf('session-current')).toBe('This session');
    await expect.poll(() => textOf('devices-total')).toBe('2');
    expect(await textOf('devices-active')).toBe('2');
    await shot('sessions');
    await page.getByTestId('sessions-revoke-others').click();
    await page.getByTestId('confirm-revoke-others').waitFor();
    await page.getByTestId('confirm-revoke-others-button').click();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    await expect
      .poll(() => textOf('sessions-messages'))
      .toContain('Every other session was signed out.');
    await expect.poll(() => textOf('devices-active')).toBe('1');
    expect(await page.getByTestId('device-row').count()).toBe(1);
    await page.getByTestId('devices-include-inactive').check();
    await expect.poll(() => page.getByTestId('device-row').count()).toBe(2);

    // API keys: none yet; create one limited to account:read.
    await page.getByTestId('account-tab-api-keys').click();
    await expectPath('#/account/api-keys');
    await page.getByTestId('keys-empty').waitFor();
    await page.getByTestId('api-keys-create').click();
    await page.getByTestId('api-key-create-submit').click(); // empty: name and scope missing
    await expect
      .poll(() => page.getByTestId('api-key-name').getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByTestId('create-key-form').textContent()).toContain(
      'Choose at least one scope.',
    );
    await page.getByTestId('api-key-name').fill('Nightly export script');
    await page.getByTestId('api-key-description').fill('Reads the account from cron');
    await page.getByTestId('scope-account:read').check();
    await page.getByTestId('api-key-days').fill('30');
    await shot('api-key-form');
    await page.getByTestId('api-key-create-submit').click();

    // The secret, once, with a copy button that really copies.
    const dialog = page.getByTestId('new-key-dialog');
    await dialog.waitFor();
    const secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^th_[A-Za-z0-9_-]{43}$/);
    expect(await dialog.textContent()).toContain('This is the only time the key is shown.');
    await page.getByTestId('copy-api-key').click();
    await expect.poll(() => textOf('copy-status')).toContain('Copied to the clipboard.');
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await shot('api-key-created');

    await page.getByTestId('new-key-done').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('key-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('key-name').textContent()).toBe('Nightly export script');
    expect(await row.getByTestId('key-status').textContent()).toBe('Active');
    expect(await row.textContent()).toContain('account:read');
    expect(await page.content()).not.toContain(secret);

    // Reloaded: still signed in (this tab's sessionStorage, never localStorage), no secret.
    await page.reload();
    await page.getByTestId('key-row').waitFor();
    expect(await page.content()).not.toContain(secret);
    expect(await page.evaluate<number>('localStorage.length')).toBe(0);
    const stored = await storedSession();
    expect(stored?.email).toBe(email);
    await shot('api-keys');

    // The key works from a script, for its scope only.
    const me = await fetch(`${engine.api}/auth/me`, { headers: { 'X-API-Key': secret } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
    const keys = await fetch(`${engine.api}/auth/api-keys`, { headers: { 'X-API-Key': secret } });
    expect(keys.status).toBe(403);

    // Revoking asks first, then the key stops working at once.
    await page.getByTestId('key-revoke').click();
    await page.getByTestId('confirm-revoke-key').waitFor();
    await shot('api-key-revoke');
    await page.getByTestId('confirm-revoke-key-button').click();
    await page.getByTestId('keys-empty').waitFor();
    await page.getByTestId('keys-filter-revoked').click();
    await expect
      .poll(() => page.getByTestId('key-row').getByTestId('key-status').textContent())
      .toBe('Revoked');
    const after = await fetch(`${engine.api}/auth/me`, { headers: { 'X-API-Key': secret } });
    expect(after.status).toBe(401);

    // Signing out ends the session on the engine; every account page asks to sign in again.
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in-form').waitFor();
    expect(await page.getByTestId('sign-in-form').textContent()).toContain(
      'Sign in to see your API keys.',
    );
    expect(await storedSession()).toBeNull();
    const ended = await fetch(`${engine.api}/auth/me`, {
      headers: { Authorization: `Bearer ${stored?.accessToken}` },
    });
    expect(ended.status).toBe(401);
    for (const tab of ['profile', 'sessions']) {
      await page.goto(`${engine.url}/#/account/${tab}`);
      await page.getByTestId('sign-in-form').waitFor();
      expect(await page.getByTestId('account-signed-in').count()).toBe(0);
    }
    await shot('signed-out');

    // The studio's own pages keep working without an account (studio token).
    await page.getByTestId('nav-jobs').click();
    await page.getByTestId('jobs-stream').and(page.locator('[data-state="open"]')).waitFor();
  }, 120_000);

  it('renews expired access tokens (before use, and once on 401 token_expired); changes the password', async () => {
    const email = `refresh-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'rotate-me-7';
    await registerOverHttp(engine, { email, password, fullName: 'Refresh Tester' });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes.push(request.method());
    });

    await page.goto(`${engine.url}/#/account/profile`);
    await signInThroughForm(page, email, password, 'account-signed-in');
    const first = await storedSession();
    expect(first?.email).toBe(email);
    expect(first!.expiresAt - Date.now()).toBeGreaterThan(3_500_000); // 3600 s tokens
    expect(refreshes).toEqual([]);

    // The saved token ran out (a laptop asleep past its timer): renewed before the request.
    const expired = JSON.stringify({ v: 1, ...first, expiresAt: Date.now() - 1_000 });
    await page.evaluate(
      `sessionStorage.setItem(${JSON.stringify(STORAGE_KEY)}, ${JSON.stringify(expired)})`,
    );
    await page.reload();
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(email);
    expect(refreshes).toEqual(['POST']);
    const second = await storedSession();
    expect(second?.refreshToken).not.toBe(first?.refreshToken); // rotated
    expect(second!.expiresAt).toBeGreaterThan(Date.now() + 3_500_000);

    // The engine says token_expired although our clock disagreed: one renewal, one retry.
    let refused = 0;
    await page.route('**/api/v1/auth/me', async (route) => {
      if (refused++ === 0) {
        await route.fulfill({
          status: 401,
          json: { detail: 'The access token has expired.', code: 'token_expired' },
        });
      } else {
        await route.continue();
      }
    });
    expectedErrors.push(/status of 401/);
    await page.getByTestId('account-tab-sessions').click();
    await page.getByTestId('session-row').first().waitFor();
    await page.reload(); // the header's /auth/me goes through the route above
    await expect.poll(() => textOf('signed-in-email')).toBe(email);
    await expect.poll(() => refused).toBe(2);
    expect(refreshes).toEqual(['POST', 'POST']);
    const third = await storedSession();
    expect(third?.refreshToken).not.toBe(second?.refreshToken);

    // One renewal per expiry, never two racing with the same refresh token (which the engine
    // would treat as theft and answer by ending the session): the session is still live.
    const validate = await fetch(`${engine.api}/auth/session/validate`, {
      headers: { Authorization: `Bearer ${third?.accessToken}` },
    });
    expect(validate.status).toBe(200);

    // Change password: a wrong current password is refused in place (and does not sign out);
    // the right one changes it, this session stays and the new password works.
    await page.getByTestId('account-tab-profile').click();
    await page.getByTestId('password-current').fill('not-it-0');
    await page.getByTestId('password-new').fill('rotate-me-8');
    await page.getByTestId('password-confirm').fill('rotate-me-8');
    await page.getByTestId('password-submit').click();
    // Password hashing is deliberately slow; a loaded CI machine needs more than 5 s.
    await expect
      .poll(() => textOf('password-messages'), { timeout: 30_000 })
      .toContain('The current password is wrong.');
    expect(await page.getByTestId('account-signed-in').count()).toBe(1);
    await page.getByTestId('password-current').fill(password);
    await page.getByTestId('password-submit').click();
    await expect
      .poll(() => textOf('password-messages'), { timeout: 30_000 })
      .toContain('Password changed.');
    expect(await page.getByTestId('password-new').inputValue()).toBe('');
    expect((await login(email, 'rotate-me-8', 'E2E/after-change')).status).toBe(200);
    const stillValid = await fetch(`${engine.api}/auth/session/validate`, {
      headers: { Authorization: `Bearer ${(await storedSession())?.accessToken}` },
    });
    expect(stillValid.status).toBe(200);
  }, 90_000);

  it('asks the CAPTCHA question after repeated failed logins', async () => {
    const email = `captcha-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'solve-it-9';
    await registerOverHttp(engine, { email, password, fullName: 'Refresh Tester' });
    // Three failures from this IP in 15 minutes (the first test added one): from then on a
    // login from it must carry a solved CAPTCHA (400 captcha_required without one).
    for (let i = 0; i < 3; i++) {
      expect([400, 401]).toContain((await login(email, `wrong-${i}-x`, 'E2E/captcha')).status);
    }
    const required = (await (await fetch(`${engine.api}/auth/captcha/required`)).json()) as {
      login_required: boolean;
    };
    expect(required.login_required).toBe(true);

    await page.goto(`${engine.url}/#/account/sign-in`);
    await page.getByTestId('captcha').waitFor();
    const question = await textOf('captcha-question');
    const match = /What is (\d+) (plus|minus|times) (\d+)\?/.exec(question);
    expect(match, question).toBeTruthy();
    const a = Number(match![1]);
    const b = Number(match![3]);
    const answer = match![2] === 'plus' ? a + b : match![2] === 'minus' ? a - b : a * b;
    await page.getByTestId('sign-in-email').fill(email);
    await page.getByTestId('sign-in-password').fill(password);
    await page.getByTestId('captcha-answer').fill(String(answer));
    await shot('captcha');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('account-signed-in').waitFor({ timeout: 15_000 });
    await expectPath('#/account/profile');
  }, 60_000);
});
