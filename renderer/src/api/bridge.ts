/**
 * How the studio finds its engine and token. In Electron the preload bridge
 * (`window.tapehouse`) hands both over; in the web studio the engine injects
 * `<meta name="tapehouse-token">` into index.html and the API lives on the page's own origin.
 */
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';

/** The part of Electron's preload bridge the studio uses; everything is optional on purpose. */
export interface TapehouseBridge {
  getStudioToken?: () => Promise<string> | string;
  /** Engine origin when the studio is not served by the engine itself (file:// in Electron). */
  getEngineUrl?: () => Promise<string> | string;
}

declare global {
  interface Window {
    tapehouse?: TapehouseBridge;
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
  const bridge = window.tapehouse;
  if (bridge?.getStudioToken) {
    const token = await bridge.getStudioToken();
    if (token) return token;
  }
  const meta = document.querySelector<HTMLMetaElement>('meta[name="tapehouse-token"]');
  if (meta?.content) return meta.content;
  throw new ApiError(
    0,
    CLIENT_ERROR_CODES.tokenMissing,
    'No studio token: open the studio from the Tapehouse app or from the URL the engine prints.',
  );
}

/** The engine origin: the bridge's answer, else the page's own origin ('' = same origin). */
export async function engineBaseUrl(): Promise<string> {
  const fromBridge = await window.tapehouse?.getEngineUrl?.();
  if (fromBridge) return fromBridge;
  return location.protocol === 'http:' || location.protocol === 'https:'
    ? ''
    : 'http://127.0.0.1:7341';
}
