/**
 * Applies navigation-policy.ts to every web contents: the window stays on the engine origin,
 * https links open in the OS browser, window.open and <webview> are refused, and permission
 * requests other than the few the studio needs are denied. Checklist:
 * https://www.electronjs.org/docs/latest/tutorial/security
 */
import { app, session, shell, type WebContents } from 'electron';
import { externalUrlToOpen, isEngineUrl, isPermissionAllowed } from './navigation-policy.ts';

function openInBrowser(url: string): void {
  const external = externalUrlToOpen(url);
  if (external === null) {
    console.warn(`[security] blocked a link to ${url} (only https opens in the browser)`);
    return;
  }
  void shell.openExternal(external).catch((error: unknown) => {
    console.error(`[security] could not open ${external}:`, error);
  });
}

function harden(contents: WebContents, engineOrigin: () => string | null): void {
  contents.on('will-navigate', (event) => {
    if (isEngineUrl(event.url, engineOrigin())) return;
    event.preventDefault();
    openInBrowser(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && !isEngineUrl(event.url, engineOrigin())) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Call once, before the first window. engineOrigin() reads the current engine's origin. */
export function installWebSecurity(engineOrigin: () => string | null): void {
  app.on('web-contents-created', (_event, contents) => harden(contents, engineOrigin));

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    const allowed = isPermissionAllowed(
      { permission, requestingUrl: details.requestingUrl, mediaTypes },
      engineOrigin(),
    );
    if (!allowed) console.warn(`[security] denied ${permission} to ${details.requestingUrl}`);
    callback(allowed);
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    const mediaTypes = details.mediaType === undefined ? undefined : [details.mediaType];
    return isPermissionAllowed(
      { permission, requestingUrl: details.requestingUrl ?? requestingOrigin, mediaTypes },
      engineOrigin(),
    );
  });
}
