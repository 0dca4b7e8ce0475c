// Issue 13, defect 5: limits an attacker on this machine could step around. Every loopback
// address (127.0.0.0/8, ::1, ::ffff:127.x) is one client for the per-IP limits and CAPTCHA
// signals; e-mails to one recipient are capped whichever clients ask for them (the contract's
// "e-mail flood protection applies across all users"); and failed logins for one account
// require the CAPTCHA for that account from every address, not only from the one that failed.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../engine/src/clock.ts';
import { postJson, readOutbox, registerUser, uniqueUserAgent } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

const clock = new ManualClock();
let engine: TestEngine;

beforeAll(async () => {
  // The per-route limits' windows follow the engine clock, so the test moves them on without
  // waiting; the e-mail cap and failed logins are timed by the database, in real time.
  engine = await startEngine({}, { clock });
});
afterAll(async () => {
  await engine.stop();
});

/** A JSON POST sent from a chosen loopback source address. */
function postFrom(
  source: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      `${engine.api}${path}`,
      {
        method: 'POST',
        localAddress: source,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          'User-Agent': 'AbuseTest/1.0',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('one client for the whole loopback range', () => {
  it('counts 127.0.0.11 and 127.1.2.3 against the limit 127.0.0.1 used up', async () => {
    const email = 'nobody-here@example.com';
    for (let i = 0; i < 3; i++) {
      expect((await postFrom('127.0.0.1', '/auth/forgot-password', { email })).status).toBe(204);
    }
    for (const source of ['127.0.0.11', '127.1.2.3', '127.0.0.1']) {
      const res = await postFrom(source, '/auth/forgot-password', { email });
      expect(res.status, source).toBe(429);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'rate_limit_exceeded' });
    }
    clock.advance(3601_000);
  });
});

describe('e-mail flood protection per recipient', () => {
  it('sends at most 5 sign-up codes an hour to one address, however the clients change', async () => {
    const email = 'flooded@example.com';
    const start = (source: string) =>
      postFrom(source, '/auth/initiate-registration', {
        email,
        password: 'flood-pass-1',
        full_name: 'Flood Target',
      });
    for (let i = 0; i < 5; i++) expect((await start(`127.0.1.${i + 1}`)).status).toBe(200);
    // The per-address limit (5 a minute) is spent; a minute later only the recipient cap is left.
    clock.advance(61_000);
    const refused = await start('127.0.2.1');
    expect(refused.status, refused.body).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'rate_limit_exceeded' });
    expect(await readOutbox(engine, email)).toHaveLength(5);
  });

  it('mails at most 5 e-mails an hour to one account, answering forgot-password 204 all the same', async () => {
    const user = await registerUser(engine);
    const forgot = () =>
      postJson(
        engine,
        '/auth/forgot-password',
        { email: user.email },
        {
          'User-Agent': uniqueUserAgent(),
        },
      );
    for (let round = 0; round < 3; round++) {
      // Three per address per hour; the engine clock moves on, the recipient's hour does not.
      for (let i = 0; i < 3; i++) expect((await forgot()).status).toBe(204);
      clock.advance(3601_000);
    }
    // Every e-mail counts against its recipient: the sign-up code and four reset tokens.
    const mails = await readOutbox(engine, user.email);
    expect(mails).toHaveLength(5);
    expect(mails.filter((m) => m.subject.includes('Reset your Tapehouse password'))).toHaveLength(
      4,
    );
  });
});

describe('CAPTCHA per account', () => {
  it('requires the CAPTCHA for an account that failed three logins, from a fresh address', async () => {
    const user = await registerUser(engine);
    // Three failures from three addresses elsewhere on the network: no address reaches the
    // per-address threshold, the account does.
    for (const ip of ['203.0.113.7', '198.51.100.23', '192.0.2.99']) {
      await expect(
        engine.engine.services.accounts.passwordLogin.login(
          { username: user.email, password: 'guess-1234' },
          { ip, userAgent: 'Guesser/1.0', browserFingerprint: null, timezone: null },
        ),
      ).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    clock.advance(3601_000); // nothing from the per-route limits is left either
    const required = await fetch(
      `${engine.api}/auth/captcha/required?username=${encodeURIComponent(user.email)}`,
    );
    expect(await required.json()).toMatchObject({ login_required: true });
    const res = await fetch(`${engine.api}/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'captcha_required' });
  });
});

// Last: its failed logins make this machine's address need a CAPTCHA for 15 real minutes.
describe('failed logins from the whole loopback range', () => {
  it('takes failed logins from any loopback address as one address for the CAPTCHA', async () => {
    const user = await registerUser(engine);
    const sources = ['127.0.0.21', '127.0.0.22', '127.0.0.23'];
    for (const source of sources) {
      const res = await postFrom(source, '/auth/token', {
        username: user.email,
        password: 'wrong-pass-1',
      });
      expect(res.status).toBe(401);
    }
    const next = await postFrom('127.0.0.24', '/auth/token', {
      username: `other-${user.email}`,
      password: 'wrong-pass-1',
    });
    expect(next.status).toBe(400);
    expect(JSON.parse(next.body)).toMatchObject({ code: 'captcha_required' });
  });
});
