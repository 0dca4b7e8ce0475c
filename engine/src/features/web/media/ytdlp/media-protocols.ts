/**
 * Which media yt-dlp may fetch: http(s) only, so every byte goes through the run's FetchProxy
 * and meets the fetcher's rules (docs/api/fetching.md, "The proxy for tools"). yt-dlp hands other
 * protocols to programs that ignore the proxy — `rtmp://` to rtmpdump, `rtsp`/`mms` to their own
 * clients — which would connect straight to any host and port, loopback included. Four locks:
 *
 * 1. the info lists only http(s) formats, and a URL with no other media is refused (400);
 * 2. every part of the format selector carries a protocol filter, so yt-dlp cannot pick another;
 * 3. `--match-filter` re-checks the chosen format(s) right before anything is downloaded, and
 *    yt-dlp's own downloaders are used (`--downloader native`); where yt-dlp still hands a live
 *    HLS stream to ffmpeg, ffmpeg may open http(s) through the proxy only (`-protocol_whitelist`);
 * 4. the info yt-dlp prints for what it fetched is verified afterwards (`checkFetched`).
 */
import { extractionError } from './ytdlp-run.ts';

/**
 * yt-dlp's protocol names that its own HTTP code fetches: plain http(s), HLS (`m3u8_native`; live
 * `m3u8` goes to ffmpeg, held by the whitelist below) and DASH segment lists.
 */
const FETCHED = ['http', 'https', 'm3u8_native', 'm3u8', 'http_dash_segments'] as const;
const ONE = `(${FETCHED.join('|')})`;

export function isFetchedProtocol(protocol: string | null | undefined): boolean {
  return (
    typeof protocol === 'string' &&
    protocol.split('+').every((part) => (FETCHED as readonly string[]).includes(part))
  );
}

/** `[protocol~='…']` after each format in a selector (`bv*[height<=720]+ba/b` …). */
export function httpOnlySelector(selector: string): string {
  const filter = `[protocol~='^${ONE}$']`;
  return selector
    .split('/')
    .map((choice) =>
      choice
        .split('+')
        .map((part) => `${part}${filter}`)
        .join('+'),
    )
    .join('/');
}

/** What every yt-dlp run that downloads media adds (locks 2 and 3; the selector is lock 2). */
export const DOWNLOAD_PROTOCOL_ARGS = [
  '--downloader',
  'native',
  '--downloader-args',
  'ffmpeg_i:-protocol_whitelist http,https,tls,tcp,crypto,httpproxy',
  '--match-filter',
  `protocol~='^${ONE}(\\+${ONE})*$'`,
];

interface FetchedInfo {
  protocol?: unknown;
  url?: unknown;
  requested_formats?: { protocol?: unknown; url?: unknown }[] | null;
}

function refused(what: string): never {
  throw extractionError(
    'refused',
    `${what}: only http and https media is fetched (docs/api/fetching.md)`,
  );
}

/**
 * Lock 4: the info yt-dlp printed (`-j --no-simulate`) for what it downloaded names only http(s)
 * protocols and URLs. Missing info means yt-dlp skipped the media at the match filter (lock 3).
 */
export function checkFetched(info: FetchedInfo | null): void {
  if (info === null) refused('the media is not served over http or https');
  const parts = info.requested_formats?.length ? info.requested_formats : [info];
  for (const part of parts) {
    const protocol = typeof part.protocol === 'string' ? part.protocol : null;
    if (!isFetchedProtocol(protocol)) refused(`the media is served over ${protocol ?? 'unknown'}`);
    if (typeof part.url === 'string' && !/^https?:\/\//i.test(part.url))
      refused(`the media URL is ${part.url.split(':')[0] ?? 'unknown'}`);
  }
}
