/**
 * GET requests to identity providers (Google's signing keys, GitHub's API). Every call has a
 * 10 s limit; a provider that cannot be reached, times out or answers something unreadable is
 * 503 `service_unavailable` naming the provider and the URL, so a sign-in failure caused by the
 * network is never confused with a bad token (401). Status codes are the caller's to judge.
 */
import { AppError, CancelledError } from '../../../errors.ts';

export const PROVIDER_TIMEOUT_MS = 10_000;
/** Signing-key sets and user records are a few KiB; anything this large is not one. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; null when the body was empty or not JSON. */
  json: unknown;
}

export interface ProviderRequest {
  /** For messages: "Google", "GitHub". */
  provider: string;
  headers?: Record<string, string>;
  /** The client's signal: a caller that went away stops waiting for the provider. */
  signal?: AbortSignal | undefined;
  timeoutMs?: number;
}

export function providerUnavailable(provider: string, url: string, why: string): AppError {
  return new AppError(
    'service_unavailable',
    `${provider} could not be reached to check the sign-in (${url}): ${why}. Try again later.`,
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}

export async function providerGet(url: string, request: ProviderRequest): Promise<ProviderAnswer> {
  const timeoutMs = request.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const signals = [AbortSignal.timeout(timeoutMs)];
  if (request.signal) signals.push(request.signal);
  const signal = AbortSignal.any(signals);
  try {
    const res = await fetch(url, {
      headers: { Accept: 'application/json', ...request.headers },
      redirect: 'error',
      signal,
    });
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) {
      await res.body?.cancel();
      throw providerUnavailable(request.provider, url, 'the answer is too large');
    }
    const text = await res.text();
    if (text.length > MAX_BODY_BYTES) {
      throw providerUnavailable(request.provider, url, 'the answer is too large');
    }
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (request.signal?.aborted) throw new CancelledError('the client went away');
    const why =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : describe(error);
    throw providerUnavailable(request.provider, url, why);
  }
}
