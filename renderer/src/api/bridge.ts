/**
 * How the studio finds its engine and its owner credential. In Electron the preload bridge
 * (`window.tapehouse`, typed by electron/bridge-types.ts) hands both over; in the web studio the
 * API lives on the page's own origin and the credential is the studio session the browser got
 * by signing in (./studio-access.ts) — the page itself never carries a token.
 */
import type { AppInfo } from '../../../electron/bridge-types.ts';
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';
import { storedStudioSession } from './studio-access.ts';

/**
 * The bridge's app info, or null in the web studio (and when the preload refuses: it answers
 * only the studio's own page). electron/bridge-types.ts declares `window.tapehouse` globally.
 */
export function bridgeAppInfo(): AppInfo | null {
  try {
    return window.tapehouse?.getAppInfo() ?? null;
  } catch {
    return null;
  }
}

/** The desktop app's token from the preload bridge, or null (web studio, or not the studio). */
export function bridgeStudioToken(): string | null {
  try {
    return window.tapehouse?.getStudioToken() ?? null;
  } catch {
    return null;
  }
}

/**
 * The owner credential for this request: the bridge's token in the desktop app, else the web
 * studio's stored session (read on every call: signing out or an expiry takes effect at once).
 */
export function studioToken(): Promise<string> {
  const token = bridgeStudioToken() ?? storedStudioSession();
  if (token) return Promise.resolve(token);
  return Promise.reject(
    new ApiError(
      0,
      CLIENT_ERROR_CODES.tokenMissing,
      'Not signed in to the studio: open the sign-in link the engine printed when it started.',
    ),
  );
}

/**
 * The engine origin: '' (same origin) when the page is served over HTTP — the web studio, and
 * Electron, which loads the engine's own URL — else the bridge's engine URL.
 */
export async function engineBaseUrl(): Promise<string> {
  if (location.protocol === 'http:' || location.protocol === 'https:') return '';
  return bridgeAppInfo()?.engineUrl ?? 'http://127.0.0.1:7341';
}
