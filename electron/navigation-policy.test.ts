import { describe, expect, it } from 'vitest';
import { externalUrlToOpen, isEngineUrl, isPermissionAllowed } from './navigation-policy.ts';

const ENGINE = 'http://127.0.0.1:41234';

describe('navigation policy', () => {
  it('keeps the window on the engine origin only', () => {
    expect(isEngineUrl(`${ENGINE}/projects/3`, ENGINE)).toBe(true);
    expect(isEngineUrl('http://127.0.0.1:41235/', ENGINE)).toBe(false);
    expect(isEngineUrl('http://localhost:41234/', ENGINE)).toBe(false);
    expect(isEngineUrl('https://127.0.0.1:41234/', ENGINE)).toBe(false);
    expect(isEngineUrl('file:///etc/passwd', ENGINE)).toBe(false);
    expect(isEngineUrl('not a url', ENGINE)).toBe(false);
    expect(isEngineUrl(`${ENGINE}/`, null)).toBe(false);
  });

  it('opens only https links, without credentials, in the OS browser', () => {
    expect(externalUrlToOpen('https://example.com/docs?a=1')).toBe('https://example.com/docs?a=1');
    expect(externalUrlToOpen('http://example.com/')).toBeNull();
    expect(externalUrlToOpen('file:///C:/Windows/system32/calc.exe')).toBeNull();
    expect(externalUrlToOpen('smb://host/share')).toBeNull();
    expect(externalUrlToOpen('javascript:alert(1)')).toBeNull();
    expect(externalUrlToOpen('https://user:pw@example.com/')).toBeNull();
    expect(externalUrlToOpen('nonsense')).toBeNull();
  });

  it('grants the microphone (audio only) and a few harmless permissions to the engine origin', () => {
    const page = `${ENGINE}/`;
    const allowed = (permission: string, mediaTypes?: string[], requestingUrl = page): boolean =>
      isPermissionAllowed({ permission, requestingUrl, mediaTypes }, ENGINE);
    expect(allowed('media', ['audio'])).toBe(true);
    expect(allowed('media', ['audio', 'video'])).toBe(false);
    expect(allowed('media', [])).toBe(false);
    expect(allowed('media')).toBe(false);
    expect(allowed('clipboard-sanitized-write')).toBe(true);
    expect(allowed('fullscreen')).toBe(true);
    expect(allowed('speaker-selection')).toBe(true);
    for (const denied of [
      'geolocation',
      'notifications',
      'display-capture',
      'openExternal',
      'hid',
    ]) {
      expect(allowed(denied), denied).toBe(false);
    }
    expect(allowed('media', ['audio'], 'https://evil.example/')).toBe(false);
    expect(allowed('fullscreen', undefined, 'https://evil.example/')).toBe(false);
  });
});
