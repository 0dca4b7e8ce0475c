// The rest of document 1's "Profile and security" over HTTP on a real engine: forgot/reset
// password, sessions and devices, the profile and phone verification, and who may read the
// local outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  latestCode,
  login,
  postJson,
  readOutbox,
  registerUser,
  type TokenBody,
} from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

// Each describe gets its own engine: sign-ups from one IP are limited to 5 a minute.
let engine: TestEngine;
function freshEngine(): void {
  beforeAll(async () => {
    engine = await startEngine();
  });
  afterAll(async () => {
    await engine.stop();
  });
}

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

async function get(path: string, token: string): Promise<Response> {
  return fetch(`${engine.api}${path}`, { headers: bearer(token) });
}

async function loginAs(email: string, password: string, userAgent: string): Promise<TokenBody> {
  const res = await login(engine, email, password, userAgent);
  expect(res.status).toBe(200);
  return (await res.json()) as TokenBody;
}

describe('forgot and reset password', () => {
  freshEngine();

  it('answers the same for unknown e-mails and resets once with the mailed token', async () => {
    const user = await registerUser(engine, { password: 'before-reset-1' });
    const known = await postJson(engine, '/auth/forgot-password', { email: user.email });
    const unknown = await postJson(engine, '/auth/forgot-password', {
      email: 'nobody-here@example.com',
    });
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(await known.text()).toBe(await unknown.text());
    expect(await readOutbox(engine, 'nobody-here@example.com')).toEqual([]);

    const [mail] = await readOutbox(engine, user.email);
    const token = /^([A-Za-z0-9_-]{43})$/m.exec(mail?.body ?? '')?.[1] ?? '';
    expect(token).toHaveLength(43);

    const weak = await postJson(engine, '/auth/reset-password', { token, new_password: 'short' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'validation_error' });

    const reset = await postJson(engine, '/auth/reset-password', {
      token,
      new_password: 'after-reset-2',
    });
    expect(reset.status).toBe(204);
    // Sessions opened with the old password end; the old password stops working.
    expect((await get('/auth/me', user.tokens.access_token)).status).toBe(401);
    expect((await login(engine, user.email, 'before-reset-1', user.userAgent)).status).toBe(401);
    expect((await login(engine, user.email, 'after-reset-2', user.userAgent)).status).toBe(200);

    const reused = await postJson(engine, '/auth/reset-password', {
      token,
      new_password: 'third-try-3',
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ code: 'invalid_verification_code' });
  });
});

describe('sessions and devices', () => {
  freshEngine();

  it('records each login’s session and device and revokes them on request', async () => {
    const user = await registerUser(engine, { userAgent: CHROME_MAC, password: 'devices-1' });
    const mac = await loginAs(user.email, 'devices-1', CHROME_MAC);
    const pc = await loginAs(user.email, 'devices-1', FIREFOX_WINDOWS);
    const iphone = await loginAs(user.email, 'devices-1', SAFARI_IPHONE);

    const sessions = (await (await get('/auth/sessions', mac.access_token)).json()) as {
      session_id: string;
      user_agent: string;
      device_info: string;
      ip_address: string;
      is_current: boolean;
    }[];
    expect(sessions).toHaveLength(4); // sign-up + three logins
    expect(sessions.filter((s) => s.is_current)).toHaveLength(1);
    const current = sessions.find((s) => s.is_current);
    expect(current).toMatchObject({
      user_agent: CHROME_MAC,
      device_info: 'Chrome 120 on macOS (desktop)',
      ip_address: '127.0.0.1',
    });

    const devicesRes = await get('/auth/devices', mac.access_token);
    expect(devicesRes.status).toBe(200);
    const devices = (await devicesRes.json()) as {
      devices: Record<string, unknown>[];
      total_count: number;
      active_count: number;
      trusted_count: number;
      current_device: Record<string, unknown>;
    };
    expect(devices).toMatchObject({ total_count: 3, active_count: 3, trusted_count: 1 });
    expect(devices.current_device).toMatchObject({
      browser: 'Chrome 120',
      os: 'macOS',
      device_type: 'desktop',
      display_name: 'Chrome 120 on macOS',
      login_count: 2, // the sign-up and the login
      is_current_session: true,
      is_trusted: true, // it verified the e-mail
      is_active: true,
      location: 'This computer',
      last_login_method: 'password',
      current_session_id: current?.session_id,
    });
    expect(devices.current_device.device_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const phone = devices.devices.find((d) => d.os === 'iOS 17');
    expect(phone).toMatchObject({ browser: 'Safari 17', device_type: 'mobile', login_count: 1 });

    // Another account cannot touch these sessions; the id is simply not found.
    const stranger = await registerUser(engine);
    const foreign = await postJson(
      engine,
      '/auth/sessions/revoke',
      { session_id: current?.session_id },
      bearer(stranger.tokens.access_token),
    );
    expect(foreign.status).toBe(404);

    const pcSession = sessions.find((s) => s.user_agent === FIREFOX_WINDOWS)?.session_id;
    const revoke = await postJson(
      engine,
      '/auth/sessions/revoke',
      { session_id: pcSession },
      bearer(mac.access_token),
    );
    expect(revoke.status).toBe(204);
    expect((await get('/auth/me', pc.access_token)).status).toBe(401);
    const afterOne = (await (await get('/auth/devices', mac.access_token)).json()) as {
      devices: unknown[];
      active_count: number;
      total_count: number;
    };
    expect(afterOne).toMatchObject({ active_count: 2, total_count: 3 });
    expect(afterOne.devices).toHaveLength(2);
    const withInactive = (await (
      await get('/auth/devices?include_inactive=true', mac.access_token)
    ).json()) as { devices: { is_active: boolean }[] };
    expect(withInactive.devices).toHaveLength(3);
    expect(withInactive.devices.filter((d) => !d.is_active)).toHaveLength(1);

    const empty = await postJson(engine, '/auth/sessions/revoke', {}, bearer(mac.access_token));
    expect(empty.status).toBe(400);

    const others = await postJson(
      engine,
      '/auth/sessions/revoke',
      { revoke_all_others: true },
      bearer(mac.access_token),
    );
    expect(others.status).toBe(204);
    expect((await get('/auth/me', iphone.access_token)).status).toBe(401);
    expect((await get('/auth/me', user.tokens.access_token)).status).toBe(401);
    const left = (await (await get('/auth/sessions', mac.access_token)).json()) as unknown[];
    expect(left).toHaveLength(1);
  });
});

describe('profile and phone verification', () => {
  freshEngine();

  it('patches the profile and verifies a phone with the texted code', async () => {
    const user = await registerUser(engine);
    const token = user.tokens.access_token;
    const patch = (body: unknown) =>
      fetch(`${engine.api}/auth/me`, {
        method: 'PATCH',
        headers: bearer(token, { 'Content-Type': 'application/json' }),
        body: JSON.stringify(body),
      });

    const updated = await patch({
      full_name: 'Ana Reader',
      user_type: 'individual',
      audio_usage: 'personal',
      country_code: 'GB',
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      full_name: 'Ana Reader',
      user_type: 'individual',
      audio_usage: 'personal',
      phone_number: null,
    });

    const send = await postJson(
      engine,
      '/auth/send-phone-verification',
      { phone_number: '+44 20 7946 0958', country_code: '+44' },
      bearer(token),
    );
    expect(send.status).toBe(204);
    const code = await latestCode(engine, '+442079460958', 'sms');
    const wrong = await postJson(
      engine,
      '/auth/verify-phone',
      { phone_number: '+442079460958', otp_code: code === '000000' ? '111111' : '000000' },
      bearer(token),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'invalid_verification_code' });
    const verify = await postJson(
      engine,
      '/auth/verify-phone',
      { phone_number: '+44 20 7946 0958', otp_code: code },
      bearer(token),
    );
    expect(verify.status).toBe(204);
    expect(await (await get('/auth/me', token)).json()).toMatchObject({
      phone_number: '+442079460958',
      phone_verified: true,
    });

    // Same number again: still verified. A new number: unverified ("States and transitions").
    expect(await (await patch({ phone_number: '+44 (20) 7946-0958' })).json()).toMatchObject({
      phone_verified: true,
    });
    expect(await (await patch({ phone_number: '+15551234567' })).json()).toMatchObject({
      phone_number: '+15551234567',
      phone_verified: false,
    });
    expect((await patch({ phone_number: 'call me' })).status).toBe(400);
  });

  it('lets only the studio token read the outbox, and the studio token stands for the owner', async () => {
    const user = await registerUser(engine);
    const asUser = await get('/local/outbox', user.tokens.access_token);
    expect(asUser.status).toBe(403);
    const asStudio = await get('/local/outbox', engine.token);
    expect(asStudio.status).toBe(200);

    const owner = await get('/auth/me', engine.token);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ id: 'local-owner', is_verified: true });
    const logout = await fetch(`${engine.api}/auth/logout`, {
      method: 'POST',
      headers: bearer(engine.token),
    });
    expect(logout.status).toBe(403);
    // The owner has no password, so nobody can log in as the owner.
    expect((await login(engine, 'owner@tapehouse.local', '', 'x')).status).toBe(400);
    expect((await login(engine, 'owner@tapehouse.local', 'anything-1', 'x')).status).toBe(401);
  });
});
