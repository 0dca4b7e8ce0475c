/**
 * Navigation security as wired into Electron (with Electron's modules replaced by recorders):
 * the window stays on the engine origin, https links go to the OS browser, popups and webviews
 * are refused, and permissions are limited to what the studio needs.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => ({
  appListeners: new Map<string, Handler>(),
  opened: [] as string[],
  permissionRequest: null as Handler | null,
  permissionCheck: null as Handler | null,
}));

vi.mock('electron', () => ({
  app: { on: (event: string, listener: Handler) => electron.appListeners.set(event, listener) },
  shell: {
    openExternal: async (url: string) => {
      electron.opened.push(url);
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (handler: Handler) => (electron.permissionRequest = handler),
      setPermissionCheckHandler: (handler: Handler) => (electron.permissionCheck = handler),
    },
  },
}));

const ENGINE = 'http://127.0.0.1:41234';

/** A web contents that records its listeners; emit() returns whether preventDefault was called. */
function fakeContents() {
  const listeners = new Map<string, Handler>();
  let openHandler: Handler = () => undefined;
  const contents = {
    on: (event: string, listener: Handler) => listeners.set(event, listener),
    setWindowOpenHandler: (handler: Handler) => (openHandler = handler),
  };
  electron.appListeners.get('web-contents-created')?.({}, contents);
  return {
    emit(event: string, details: Record<string, unknown>): boolean {
      let prevented = false;
      listeners.get(event)?.({ ...details, preventDefault: () => (prevented = true) });
      return prevented;
    },
    open: (url: string) => openHandler({ url }),
  };
}

beforeAll(async () => {
  const { installWebSecurity } = await import('./web-security.ts');
  installWebSecurity(() => ENGINE);
});

beforeEach(() => {
  electron.opened.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('web security', () => {
  it('keeps navigation on the engine origin and sends https links to the browser', () => {
    const contents = fakeContents();
    expect(contents.emit('will-navigate', { url: `${ENGINE}/projects/2` })).toBe(false);
    expect(contents.emit('will-navigate', { url: 'https://docs.example/help' })).toBe(true);
    expect(contents.emit('will-navigate', { url: 'http://tracker.example/' })).toBe(true);
    expect(contents.emit('will-navigate', { url: 'file:///etc/passwd' })).toBe(true);
    expect(electron.opened).toEqual(['https://docs.example/help']);
  });

  it('blocks main-frame redirects away from the engine', () => {
    const contents = fakeContents();
    expect(
      contents.emit('will-redirect', { url: 'https://elsewhere.example/', isMainFrame: true }),
    ).toBe(true);
    expect(contents.emit('will-redirect', { url: `${ENGINE}/login`, isMainFrame: true })).toBe(
      false,
    );
  });

  it('denies window.open, opening https targets in the browser instead', () => {
    const contents = fakeContents();
    expect(contents.open('https://example.com/licence')).toEqual({ action: 'deny' });
    expect(contents.open(`${ENGINE}/popup`)).toEqual({ action: 'deny' });
    expect(electron.opened).toEqual(['https://example.com/licence']);
  });

  it('refuses <webview>', () => {
    expect(fakeContents().emit('will-attach-webview', {})).toBe(true);
  });

  it('grants the microphone to the studio and denies other permissions', () => {
    const request = (permission: string, details: Record<string, unknown>): boolean => {
      let granted: boolean | null = null;
      electron.permissionRequest?.({}, permission, (value: boolean) => (granted = value), details);
      if (granted === null) throw new Error('the permission callback was not called');
      return granted;
    };
    const page = { requestingUrl: `${ENGINE}/record`, isMainFrame: true };
    expect(request('media', { ...page, mediaTypes: ['audio'] })).toBe(true);
    expect(request('media', { ...page, mediaTypes: ['video'] })).toBe(false);
    expect(request('geolocation', page)).toBe(false);
    expect(request('notifications', page)).toBe(false);
    expect(
      request('media', {
        requestingUrl: 'https://evil.example/',
        isMainFrame: true,
        mediaTypes: ['audio'],
      }),
    ).toBe(false);
    expect(
      electron.permissionCheck?.({}, 'media', ENGINE, { mediaType: 'audio', isMainFrame: true }),
    ).toBe(true);
    expect(electron.permissionCheck?.({}, 'hid', ENGINE, { isMainFrame: true })).toBe(false);
  });
});
