/**
 * What the desktop window may navigate to, open, and be granted: pure functions, applied by
 * web-security.ts. The window only ever shows the engine's own origin; links elsewhere go to the
 * OS browser, and only over https.
 */

/** The origin of a URL, or null when it does not parse. */
export function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True when url is on the engine's origin (scheme, host and port all equal). */
export function isEngineUrl(url: string, engineOrigin: string | null): boolean {
  return engineOrigin !== null && originOf(url) === engineOrigin;
}

/** The URL to hand to shell.openExternal, or null: https only, no credentials in it. */
export function externalUrlToOpen(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

/**
 * Permissions the studio needs: the microphone (audio only, for narration takes), choosing the
 * audio output device, copying to the clipboard, full screen. Everything else is denied.
 */
const ALLOWED_PERMISSIONS = new Set([
  'media',
  'speaker-selection',
  'clipboard-sanitized-write',
  'fullscreen',
]);

export interface PermissionQuery {
  permission: string;
  /** The URL (or origin) of the frame asking. */
  requestingUrl: string;
  /** For 'media': what is asked for; video is never granted. */
  mediaTypes?: readonly string[];
}

export function isPermissionAllowed(query: PermissionQuery, engineOrigin: string | null): boolean {
  if (!ALLOWED_PERMISSIONS.has(query.permission)) return false;
  if (!isEngineUrl(query.requestingUrl, engineOrigin)) return false;
  if (query.permission === 'media') {
    const types = query.mediaTypes ?? [];
    return types.length > 0 && types.every((type) => type === 'audio');
  }
  return true;
}
