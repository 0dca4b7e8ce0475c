/**
 * Wire types of document 1's account routes ("Registration, login, tokens", "Profile and
 * security", "API keys"), named from the engine's contract (./contract.gen.ts, generated from
 * the route table): a changed field fails the studio's typecheck.
 */
import type { BodyOf, ResponseOf } from './contract.ts';

export type User = ResponseOf<'get', '/auth/me'>;
export type Credits = User['credits'];
export type Subscription = User['subscription'];

/** POST /auth/refresh. */
export type TokenPair = ResponseOf<'post', '/auth/refresh'>;
/** Registration verification and login. */
export type TokenResponse = ResponseOf<'post', '/auth/token'>;

type LoginBody = BodyOf<'post', '/auth/token'>;

/** Optional on login and sign-up; required when the engine answers `captcha_required`. */
export interface CaptchaAnswer {
  captcha_id: string;
  captcha_answer: string;
}

export type RegistrationStart = BodyOf<'post', '/auth/initiate-registration'>;

/** The login form's fields (sent form-urlencoded, so every value is a string). */
export type LoginForm = Pick<LoginBody, 'username' | 'password' | 'timezone'> &
  Partial<CaptchaAnswer>;

export type CaptchaRequired = ResponseOf<'get', '/auth/captcha/required'>;
export type CaptchaChallenge = ResponseOf<'get', '/auth/captcha/generate'>;

/** PATCH /auth/me: any of these; null clears the optional ones. */
export type ProfileUpdate = BodyOf<'patch', '/auth/me'>;

export type SessionRecord = ResponseOf<'get', '/auth/sessions'>[number];
export type DeviceList = ResponseOf<'get', '/auth/devices'>;
export type Device = DeviceList['devices'][number];

export type ApiKeyRecord = ResponseOf<'get', '/auth/api-keys'>[number];
export type ApiKeyStatus = ApiKeyRecord['status'];
/** The engine's key states, as a value for the filter; checked against the contract. */
export const API_KEY_STATUSES = [
  'active',
  'revoked',
  'expired',
] as const satisfies readonly ApiKeyStatus[];

/** The create answer: the only time the secret (`api_key`) is ever sent. */
export type CreatedApiKey = ResponseOf<'post', '/auth/api-keys'>;
export type CreateApiKeyRequest = BodyOf<'post', '/auth/api-keys'>;

/** GET /local/outbox (studio token only): what the engine kept instead of sending. */
export type OutboxMessage = ResponseOf<'get', '/local/outbox'>['messages'][number];
