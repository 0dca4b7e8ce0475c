/**
 * The engine's one error type. Every failure a caller can see is an AppError with a code from
 * the closed set below; the HTTP edge (api/error-mapper.ts) is the only place that turns a code
 * into a status and a body. Services and repositories never import express.
 *
 * Codes named by the contract (docs in ../shared/spec) keep their exact spelling, including the
 * upper-case ones (`RIGHTS_NOT_ATTESTED`); the rest are ours and are listed in docs/api/errors.md.
 */
export const ERROR_STATUS = {
  // 400
  validation_error: 400,
  bad_request: 400,
  email_already_registered: 400,
  invalid_verification_code: 400,
  captcha_required: 400,
  RIGHTS_NOT_ATTESTED: 400,
  empty_selection: 400,
  unsupported_media: 400,
  invalid_audio: 400,
  stem_unavailable: 400,
  /** ACX export: a file or the cover is out of spec (docs/api/export.md). */
  acx_noncompliant: 400,
  /** Sync: the hosted service refused the e-mail and password, API key or sign-in (docs/api/sync.md). */
  hosted_auth_failed: 400,
  /** A non-commercial model pack installed without acknowledging its licence (docs/api/models.md). */
  licence_not_accepted: 400,
  // 401
  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,
  // 402
  insufficient_credits: 402,
  PREMIUM_TIER_REQUIRED: 402,
  // 403
  forbidden: 403,
  host_not_allowed: 403,
  origin_not_allowed: 403,
  // 404
  not_found: 404,
  route_not_found: 404,
  voice_not_found: 404,
  // 405, 409, 410, 413, 415
  method_not_allowed: 405,
  conflict: 409,
  /** ACX export: paragraphs without narrated audio (docs/api/export.md). */
  export_not_ready: 409,
  /** Sync: the studio is not linked to a hosted account, or its session there ended. */
  not_linked: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  // 422 is deliberately unused: the contract answers validation failures with 400.
  /** The request's header block is over Node's limit (answered before express sees it). */
  request_header_fields_too_large: 431,
  // 429
  rate_limit_exceeded: 429,
  // 500, 502, 503
  internal_error: 500,
  /** Sync: the hosted service did not answer, or answered with a server error. */
  hosted_unreachable: 502,
  service_unavailable: 503,
  ffmpeg_unavailable: 503,
  model_not_installed: 503,
  /** Not enough free disk for a model pack, answered before anything is downloaded (docs/api/models.md). */
  insufficient_storage: 507,
  /** Pay-as-you-go checkout with no payment provider (local profile; docs/api/credits.md). */
  payment_provider_unavailable: 503,
  database_too_new: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface AppErrorOptions {
  /** Machine-readable extras (field paths, limits, measured values). Never secrets or stacks. */
  details?: Record<string, unknown>;
  /** Extra response headers, e.g. Retry-After for 429. */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** A cancelled operation is not a failure: jobs end as `cancelled`, never `failed`. */
export class CancelledError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'CancelledError';
  }
}

export function isCancelled(error: unknown, signal?: AbortSignal): boolean {
  if (error instanceof CancelledError) return true;
  if (signal?.aborted) return true;
  return error instanceof Error && error.name === 'AbortError';
}

/** Throws CancelledError when the signal has fired; call between awaited steps. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}
