/**
 * How the studio finds its engine and token. In Electron the preload bridge
 * (`window.tapehouse`, typed by electron/bridge-types.ts) hands both over; in the web studio the
 * engine injects `<meta name="tapehouse-token">` into index.html and the API lives on the page's
 * own origin.
 */
import type { AppInfo } from '../../../electron/bridge-types.ts';
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';

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

let tokenPromise: Promise<string> | null = null;

/** The studio token, read once per page load. */
export function studioToken(): Promise<string> {
  tokenPromise ??= readStudioToken().catch((error: unknown) => {
    tokenPromise = null; // let a later call try again (the bridge may not be ready yet)
    throw error;
  });
  return tokenPromise;
}

async function readStudioToken(): Promise<string> {
  const token = window.tapehouse?.getStudioToken();
  if (token) return token;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="tapehouse-token"]');
  if (meta?.content) return meta.content;
  throw new ApiError(
    0,
    CLIENT_ERROR_CODES.tokenMissing,
    'No studio token: open the studio from the Tapehouse app or from the URL the engine prints.',
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
