/**
 * The one error type the studio's API layer throws. Engine errors keep the engine's `code`
 * (`unauthorized`, `ffmpeg_unavailable`, ...); failures that never reached the engine get one of
 * the client codes below, so the UI can tell "engine said no" from "engine not reachable".
 */
export const CLIENT_ERROR_CODES = {
  /** fetch() itself failed: engine down, port closed, CORS/CSP refusal. */
  network: 'network_error',
  /** Neither the preload bridge nor a web studio sign-in gave an owner credential. */
  tokenMissing: 'token_missing',
  /** A 2xx answer whose body was not the JSON we expected. */
  badResponse: 'bad_response',
} as const;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer came back. */
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    /** The engine's X-Request-Id, for matching a UI error to an engine log line. */
    readonly requestId: string | null = null,
    options?: { cause?: unknown; body?: Record<string, unknown> },
  ) {
    super(detail, { cause: options?.cause });
    this.body = options?.body ?? null;
  }

  /** The engine's whole error body (its details beside code and detail), when it sent JSON. */
  readonly body: Record<string, unknown> | null;

  /** A short line for the UI: the engine's detail plus its code and request id. */
  describe(): string {
    const ref = this.requestId ? `, request ${this.requestId}` : '';
    return `${this.detail} (${this.code}${ref})`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Any thrown value as one readable line. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.describe();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * What the studio shows a person for a failure: the engine's own sentence (an ApiError's
 * detail, never its code), or, when the engine could not be reached at all, a plain sentence
 * saying so. Codes and request ids are for logs (`errorText`), not for the page.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === CLIENT_ERROR_CODES.network)
      return 'The engine could not be reached. Check that Tapehouse is still running, then try again.';
    if (error.code === CLIENT_ERROR_CODES.tokenMissing)
      return 'This window is not signed in to the studio any more. Open the studio again from Tapehouse.';
    return error.detail;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Builds an ApiError from a non-2xx answer, whatever its body holds. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const requestId = response.headers.get('x-request-id');
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body could not be read (connection dropped); the status still says enough.
  }
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const { detail, code } = body as Record<string, unknown>;
      if (typeof detail === 'string' && typeof code === 'string') {
        return new ApiError(response.status, code, detail, requestId, {
          body: body as Record<string, unknown>,
        });
      }
    }
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall through to the generic error.
  }
  const detail = text.trim().slice(0, 200) || response.statusText || `HTTP ${response.status}`;
  return new ApiError(response.status, `http_${response.status}`, detail, requestId);
}
