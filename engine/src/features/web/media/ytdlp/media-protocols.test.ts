import { describe, expect, it } from 'vitest';
import { extractionError } from './ytdlp-run.ts';
import { checkFetched, httpOnlySelector, isFetchedProtocol } from './media-protocols.ts';

const F = "[protocol~='^(http|https|m3u8_native|m3u8|http_dash_segments)$']";

describe('media protocols', () => {
  it('puts the protocol filter on every format of every choice', () => {
    expect(httpOnlySelector('ba/b')).toBe(`ba${F}/b${F}`);
    expect(httpOnlySelector('bv*[height<=720]+ba/b[height<=720]/b')).toBe(
      `bv*[height<=720]${F}+ba${F}/b[height<=720]${F}/b${F}`,
    );
    expect(httpOnlySelector('137')).toBe(`137${F}`);
  });

  it('takes http(s), HLS and DASH, alone or merged, and nothing else', () => {
    for (const ok of ['https', 'http', 'm3u8_native', 'http_dash_segments', 'https+m3u8_native'])
      expect(isFetchedProtocol(ok), ok).toBe(true);
    for (const bad of ['rtmp', 'rtmpe', 'rtsp', 'mms', 'f4m', 'https+rtmp', 'ftp', '', null])
      expect(isFetchedProtocol(bad), String(bad)).toBe(false);
  });

  it('verifies what yt-dlp fetched: protocols and URLs', () => {
    expect(() => checkFetched({ protocol: 'https', url: 'https://a.example/v.mp4' })).not.toThrow();
    expect(() =>
      checkFetched({
        protocol: 'https+m3u8_native',
        requested_formats: [
          { protocol: 'https', url: 'https://a.example/v.mp4' },
          { protocol: 'm3u8_native', url: 'https://a.example/a.m3u8' },
        ],
      }),
    ).not.toThrow();
    const refusal = extractionError('refused', 'x');
    for (const info of [
      null,
      { protocol: 'rtmp', url: 'rtmp://10.0.0.1/live' },
      { requested_formats: [{ protocol: 'https', url: 'https://a/v' }, { protocol: 'rtsp' }] },
      { protocol: 'https', url: 'rtmp://10.0.0.1/live' },
    ]) {
      expect(() => checkFetched(info)).toThrow(refusal.constructor);
      try {
        checkFetched(info);
      } catch (error) {
        expect(error).toMatchObject({ code: 'validation_error', details: { reason: 'refused' } });
      }
    }
  });
});
