/**
 * A small user-agent parser for the Device and Session records (document 1: browser, os,
 * device_type). It only needs to tell a person which of their devices a login came from, so it
 * knows the common browsers, the Tapehouse desktop app and the usual script clients; anything
 * else is "Unknown" rather than a guess.
 */
export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other';

export interface ParsedUserAgent {
  browser: string;
  os: string;
  deviceType: DeviceType;
}

/** First match wins: order matters (Edge and Opera also say "Chrome", Chrome also "Safari"). */
const BROWSERS: [RegExp, string][] = [
  [/\bTapehouse\/(\d+)/, 'Tapehouse'],
  [/\bElectron\/(\d+)/, 'Electron'],
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/(\d+)/, 'curl'],
  [/^Wget\/(\d+)/, 'Wget'],
  [/^python-requests\/(\d+)/, 'Python requests'],
  [/^(?:node|undici)\b(?:\/(\d+))?/, 'Node.js'],
];

function browserOf(ua: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return match[1] ? `${name} ${match[1]}` : name;
  }
  return 'Unknown';
}

function osOf(ua: string): string {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*? OS (\d+)/.exec(ua);
  if (ios) return `iOS ${ios[1]}`;
  const android = /\bAndroid (\d+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows NT 10\.0\b/.test(ua)) return 'Windows 10/11';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return 'Unknown';
}

function deviceTypeOf(ua: string, os: string): DeviceType {
  if (/\biPad\b|\bTablet\b/.test(ua) || (/\bAndroid\b/.test(ua) && !/\bMobile\b/.test(ua))) {
    return 'tablet';
  }
  if (/\bMobi|\biPhone\b|\biPod\b/.test(ua)) return 'mobile';
  if (/^(Windows|macOS|Linux|ChromeOS)/.test(os)) return 'desktop';
  return 'other';
}

export function parseUserAgent(userAgent: string): ParsedUserAgent {
  const ua = userAgent.trim();
  const os = osOf(ua);
  return { browser: browserOf(ua), os, deviceType: deviceTypeOf(ua, os) };
}

/** "Chrome 120 on macOS": the device's display name. */
export function deviceDisplayName(parsed: ParsedUserAgent): string {
  return `${parsed.browser} on ${parsed.os}`;
}
