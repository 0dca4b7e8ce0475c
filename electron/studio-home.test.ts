import { describe, expect, it } from 'vitest';
import { defaultHome } from '../engine/src/config.ts';
import { studioHome } from './studio-home.ts';

describe('studioHome', () => {
  it.each([
    ['linux', {}],
    ['linux', { XDG_DATA_HOME: '/data/xdg' }],
    ['darwin', {}],
    ['win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }],
    ['win32', {}],
  ] as const)('is the engine default home on %s %j', (platform, env) => {
    expect(studioHome(platform, env)).toBe(defaultHome(platform, env));
  });
});
