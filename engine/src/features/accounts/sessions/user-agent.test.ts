import { describe, expect, it } from 'vitest';
import { deviceDisplayName, parseUserAgent } from './user-agent.ts';

// Real user-agent strings as browsers and clients send them.
const CASES: [string, string, string, string][] = [
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Chrome 120',
    'macOS',
    'desktop',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
    'Edge 120',
    'Windows 10/11',
    'desktop',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
    'Firefox 121',
    'Linux',
    'desktop',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    'Safari 17',
    'iOS 17',
    'mobile',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1',
    'Chrome 119',
    'iOS 16',
    'tablet',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
    'Chrome 120',
    'Android 14',
    'mobile',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
    'Samsung Internet 23',
    'Android 13',
    'tablet',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
    'Safari 17',
    'macOS',
    'desktop',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Tapehouse/0.1.0 Chrome/140.0.0.0 Electron/38.0.0 Safari/537.36',
    'Tapehouse 0',
    'Windows 10/11',
    'desktop',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    'Opera 106',
    'Windows 10/11',
    'desktop',
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Chrome 120',
    'ChromeOS',
    'desktop',
  ],
  ['curl/8.5.0', 'curl 8', 'Unknown', 'other'],
  ['node', 'Node.js', 'Unknown', 'other'],
  ['python-requests/2.31.0', 'Python requests 2', 'Unknown', 'other'],
  ['', 'Unknown', 'Unknown', 'other'],
];

describe('parseUserAgent', () => {
  it.each(CASES)('%s', (ua, browser, os, deviceType) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os, deviceType });
  });

  it('names a device "<browser> on <os>"', () => {
    expect(deviceDisplayName(parseUserAgent(CASES[0]?.[0] ?? ''))).toBe('Chrome 120 on macOS');
  });
});
