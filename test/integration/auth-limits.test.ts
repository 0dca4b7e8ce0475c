// Document 1, Authentication 5 and "Limits" on a real engine: CAPTCHA required after failed
// logins and repeated sign-ups, per-route rate limits (429 with X-RateLimit-Limit and
// Retry-After), and the cap of 3 sign-ups per device and IP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  newCaptcha,
  postJson,
  registerUser,
  latestCode,
  uniqueUserAgent,
} from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

// Each describe gets its own engine: these tests deliberately exhaust per-IP limits.
let engine: TestEngine;
function freshEngine(): void {
  beforeAll(async () => {
    engine = await startEngine();
  });
  afterAll(async () => {
    await engine.stop();
  });
}

async function captchaRequired(userAgent?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${engine.api}/auth/captcha/required`, {
    headers: userAgent ? { 'User-Agent': userAgent } : {},
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('CAPTCHA after failed logins', () => {
  freshEngine();

  it('is required from the third failed login on, and a solved one unlocks one login', async () => {
    const user = await registerUser(engine, { password: 'right-pass-1' });
    expect(await captchaRequired()).toMatchObject({ required: false, reasons: [] });

    for (let i = 0; i < 3; i++) {
      const res = await login(engine, user.email, `wrong-pass-${i}`, user.userAgent);
      expect(res.status).toBe(401);
    }
    expect(await captchaRequired()).toMatchObject({
      required: true,
      login_required: true,
      reasons: ['failed_logins'],
    });

    // The right password alone is no longer enough.
    const bare = await login(engine, user.email, 'right-pass-1', user.userAgent);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ code: 'captcha_required', captcha_required: true });

    const wrongAnswer = await newCaptcha(engine);
    const wrong = await login(engine, user.email, 'right-pass-1', user.userAgent, {
      captcha_id: wrongAnswer.id,
      captcha_answer: String(Number(wrongAnswer.answer) + 1),
    });
    expect(wrong.status).toBe(400);
    // One answer per challenge: the right answer after a wrong one is too late.
    const late = await login(engine, user.email, 'right-pass-1', user.userAgent, {
      captcha_id: wrongAnswer.id,
      captcha_answer: wrongAnswer.answer,
    });
    expect(late.status).toBe(400);

    const inline = await newCaptcha(engine);
    const withAnswer = await login(engine, user.email, 'right-pass-1', user.userAgent, {
      captcha_id: inline.id,
      captcha_answer: inline.answer,
    });
    expect(withAnswer.status).toBe(200);
    const replay = await login(engine, user.email, 'right-pass-1', user.userAgent, {
      captcha_id: inline.id,
      captcha_answer: inline.answer,
    });
    expect(replay.status).toBe(400);

    // Solved first via /auth/captcha/verify, then named by id alone.
    const solved = await newCaptcha(engine);
    const verify = await postJson(engine, '/auth/captcha/verify', {
      captcha_id: solved.id,
      answer: solved.answer,
    });
    expect(await verify.json()).toMatchObject({ verified: true });
    const byId = await login(engine, user.email, 'right-pass-1', user.userAgent, {
      captcha_id: solved.id,
    });
    expect(byId.status).toBe(200);

    const unsolved = await newCaptcha(engine);
    const failed = await postJson(engine, '/auth/captcha/verify', {
      captcha_id: unsolved.id,
      answer: 'not a number',
    });
    expect(await failed.json()).toMatchObject({ verified: false });
    const second = await postJson(engine, '/auth/captcha/verify', {
      captcha_id: unsolved.id,
      answer: unsolved.answer,
    });
    expect(await second.json()).toMatchObject({ verified: false });

    // The IP's reputation also gates sign-ups.
    const signup = await postJson(engine, '/auth/initiate-registration', {
      email: 'late-comer@example.com',
      password: 'late-pass-1',
      full_name: 'Late Comer',
    });
    expect(signup.status).toBe(400);
    expect(await signup.json()).toMatchObject({ code: 'captcha_required' });
  });
});

describe('sign-ups per device and IP', () => {
  freshEngine();

  it('asks for a CAPTCHA from the second sign-up and refuses the fourth', async () => {
    const device = uniqueUserAgent();
    const headers = { 'User-Agent': device };
    await registerUser(engine, { userAgent: device, email: 'first@example.com' });
    expect(await captchaRequired(device)).toMatchObject({
      required: true,
      signup_required: true,
      login_required: false,
      reasons: ['signup_activity'],
    });
    // Another browser on the same IP is a different device.
    expect(await captchaRequired(uniqueUserAgent())).toMatchObject({ required: false });

    const body = (email: string) => ({ email, password: 'sign-up-1', full_name: 'Same Device' });
    const refused = await postJson(
      engine,
      '/auth/initiate-registration',
      body('second@example.com'),
      headers,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'captcha_required' });

    for (const email of ['second@example.com', 'third@example.com']) {
      const captcha = await newCaptcha(engine);
      const started = await postJson(
        engine,
        '/auth/initiate-registration',
        { ...body(email), captcha_id: captcha.id, captcha_answer: captcha.answer },
        headers,
      );
      expect(started.status).toBe(200);
      const verified = await postJson(
        engine,
        '/auth/verify-registration',
        { email, verification_code: await latestCode(engine, email) },
        headers,
      );
      expect(verified.status).toBe(200);
    }

    const captcha = await newCaptcha(engine);
    const fourth = await postJson(
      engine,
      '/auth/initiate-registration',
      { ...body('fourth@example.com'), captcha_id: captcha.id, captcha_answer: captcha.answer },
      headers,
    );
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('x-ratelimit-limit')).toBe('3');
    expect(await fourth.json()).toMatchObject({ code: 'rate_limit_exceeded' });
  });
});

describe('per-route rate limits', () => {
  freshEngine();

  async function exhaust(path: string, limit: number, body: unknown): Promise<Response> {
    for (let i = 0; i < limit; i++) {
      const res = await postJson(engine, path, body);
      expect(res.status, `${path} request ${i + 1}`).not.toBe(429);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
    }
    return postJson(engine, path, body);
  }

  it.each([
    ['/auth/forgot-password', 3, 3600, { email: 'someone@example.com' }],
    ['/auth/reset-password', 5, 3600, { token: 'no-such-token', new_password: 'new-pass-1' }],
    ['/auth/initiate-registration', 5, 60, {}],
    ['/auth/verify-registration', 10, 60, { email: 'x@example.com', verification_code: '000000' }],
  ] as const)('%s allows %i requests per %i s, then 429', async (path, limit, window, body) => {
    const limited = await exhaust(path, limit, body);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe(String(limit));
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(window - 30);
    expect(retryAfter).toBeLessThanOrEqual(window);
    expect(await limited.json()).toMatchObject({ code: 'rate_limit_exceeded', limit });
  });

  it('does not limit routes the Limits table does not name', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await fetch(`${engine.api}/auth/captcha/generate`)).status).toBe(200);
    }
  });
});
