/**
 * Wire types of document 1's account routes ("Registration, login, tokens", "Profile and
 * security", "API keys") as the engine answers them (engine/src/features/{auth,sessions,apikeys},
 * docs/api/auth.md). Declared by hand like ./types.ts, until the client is typed from the
 * engine's zod route table.
 */

export interface Credits {
  credits_balance: number;
  payg_balance: number;
  total_available_credits: number;
  credits_used_today: number;
  daily_limit: number;
  last_reset_at: string;
}

export interface Subscription {
  plan_id: string;
  plan_name: string;
  is_free_plan: boolean;
  status: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at: string | null;
}

export interface User {
  id: string;
  email: string;
  full_name: string;
  image: string | null;
  phone_number: string | null;
  phone_verified: boolean;
  user_type: string | null;
  audio_usage: string | null;
  is_active: boolean;
  is_verified: boolean;
  created_at: string;
  updated_at: string;
  credits: Credits;
  subscription: Subscription;
  is_eligible_for_first_time_discount: boolean;
  first_time_discount_active: boolean;
}

/** POST /auth/refresh. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds; 3600 for access tokens. */
  expires_in: number;
}

/** Registration verification and login. */
export interface TokenResponse extends TokenPair {
  user: User;
}

/** Optional on login and sign-up; required when the engine answers `captcha_required`. */
export interface CaptchaAnswer {
  captcha_id: string;
  captcha_answer: string;
}

export interface RegistrationStart extends Partial<CaptchaAnswer> {
  email: string;
  password: string;
  full_name: string;
}

export interface LoginForm extends Partial<CaptchaAnswer> {
  /** The e-mail. */
  username: string;
  password: string;
  /** IANA zone name, shown on the device record. */
  timezone?: string;
}

export interface CaptchaRequired {
  required: boolean;
  login_required: boolean;
  signup_required: boolean;
  reasons: ('failed_logins' | 'signup_activity')[];
}

export interface CaptchaChallenge {
  captcha_id: string;
  question: string;
  expires_in: number;
}

/** PATCH /auth/me: any of these; null clears the optional ones. */
export interface ProfileUpdate {
  full_name?: string;
  user_type?: string | null;
  audio_usage?: string | null;
  phone_number?: string | null;
  country_code?: string | null;
}

export interface SessionRecord {
  session_id: string;
  user_id: string;
  device_info: string;
  ip_address: string;
  user_agent: string;
  created_at: string;
  last_active: string;
  expires_at: string;
  is_current: boolean;
}

export interface Device {
  id: string;
  device_fingerprint: string;
  display_name: string;
  browser: string;
  os: string;
  device_type: string;
  ip_address: string;
  location: string;
  timezone: string;
  first_seen: string;
  last_seen: string;
  last_login_method: string;
  login_count: number;
  is_active: boolean;
  is_current_session: boolean;
  is_trusted: boolean;
  is_blocked: boolean;
  current_session_id: string | null;
}

export interface DeviceList {
  devices: Device[];
  total_count: number;
  active_count: number;
  trusted_count: number;
  current_device: Device | null;
}

export const API_KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: string[];
  description: string;
  status: ApiKeyStatus;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The create answer: the only time the secret (`api_key`) is ever sent. */
export interface CreatedApiKey extends ApiKeyRecord {
  api_key: string;
}

export interface CreateApiKeyRequest {
  name: string;
  scopes: string[];
  /** 1–3650, or null for a key that never expires. */
  expires_in_days: number | null;
  description?: string;
}

/** GET /local/outbox (studio token only): what the engine kept instead of sending. */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  created_at: string;
}
