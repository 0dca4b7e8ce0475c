/**
 * Accounts over real HTTP for tests: register through the real flow (code read from the local
 * outbox with the studio token), log in with the form-encoded /auth/token, and small request
 * helpers. Each user gets its own User-Agent, so each is its own device (the sign-up cap and
 * the CAPTCHA signals count per device and IP).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestEngine } from './engine.ts';

/** What these helpers use of an engine: in-process (TestEngine) or a child (EngineProcess). */
type EngineLike = Pick<TestEngine, 'api' | 'token'>;

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface TokenBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  user: { id: string; email: string } & Record<string, unknown>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  userAgent: string;
  tokens: TokenBody;
}

export function uniqueUserAgent(): string {
  return `TapehouseTests/1.0 (device ${randomUUID().slice(0, 8)})`;
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${token}`, ...extra };
}

export async function postJson(
  engine: EngineLike,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${engine.api}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

export async function readOutbox(
  engine: EngineLike,
  to: string,
  channel: 'email' | 'sms' = 'email',
): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({ to, channel });
  const res = await fetch(`${engine.api}/local/outbox?${query}`, { headers: bearer(engine.token) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(
  engine: EngineLike,
  to: string,
  channel: 'email' | 'sms' = 'email',
): Promise<string> {
  const [newest] = await readOutbox(engine, to, channel);
  const code = /\b(\d{6})\b/.exec(newest?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

export async function login(
  engine: EngineLike,
  email: string,
  password: string,
  userAgent: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${engine.api}/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': userAgent },
    body: new URLSearchParams({ username: email, password, ...extra }).toString(),
  });
}

export async function registerUser(
  engine: EngineLike,
  options: { email?: string; password?: string; userAgent?: string; fullName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? 'first-pass-1';
  const userAgent = options.userAgent ?? uniqueUserAgent();
  const headers = { 'User-Agent': userAgent };
  const started = await postJson(
    engine,
    '/auth/initiate-registration',
    { email, password, full_name: options.fullName ?? 'Test Narrator' },
    headers,
  );
  expect(started.status, await started.clone().text()).toBe(200);
  const code = await latestCode(engine, email);
  const verified = await postJson(
    engine,
    '/auth/verify-registration',
    { email, verification_code: code },
    headers,
  );
  expect(verified.status, await verified.clone().text()).toBe(200);
  const tokens = (await verified.json()) as TokenBody;
  return { id: tokens.user.id, email, password, userAgent, tokens };
}

/** Solves the engine's arithmetic CAPTCHA the way a person would: by reading the question. */
export function solveCaptcha(question: string): string {
  const match = /What is (\d+) (plus|minus|times) (\d+)\?/.exec(question);
  if (!match) throw new Error(`unexpected CAPTCHA question: ${question}`);
  const a = Number(match[1]);
  const b = Number(match[3]);
  return String(match[2] === 'plus' ? a + b : match[2] === 'minus' ? a - b : a * b);
}

export async function newCaptcha(engine: EngineLike): Promise<{ id: string; answer: string }> {
  const res = await fetch(`${engine.api}/auth/captcha/generate`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { captcha_id: string; question: string; expires_in: number };
  expect(body.expires_in).toBe(300);
  return { id: body.captcha_id, answer: solveCaptcha(body.question) };
}
