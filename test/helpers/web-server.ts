/**
 * A local "web" for the From-the-web tests, on 127.0.0.1 only: media files made by the real
 * ffmpeg at test time (a short MP4, an MP3, an HLS stream cut from the MP4, an 11-minute MP3),
 * a page embedding the video (<video> and og:video), a 404, a server that stalls, a redirect to
 * a private address, and whatever HTML pages a test adds. Nothing here reaches the internet.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { systemFfmpeg } from './audio-fixtures.ts';

export interface LocalWeb {
  url: string;
  port: number;
  /** Serve `body` as text/html at `route`. */
  page(route: string, body: string): void;
  /** How many requests each path has seen. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

function ffmpeg(args: string[]): void {
  execFileSync(systemFfmpeg(), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** The media files, made once per folder. */
export function makeMediaFixtures(dir: string): void {
  const clip = path.join(dir, 'clip.mp4');
  if (fs.existsSync(clip)) return;
  fs.mkdirSync(dir, { recursive: true });
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', clip,
  ]); // prettier-ignore
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100', '-t', '3', '-c:a', 'libmp3lame', path.join(dir, 'tone.mp3')]); // prettier-ignore
  fs.mkdirSync(path.join(dir, 'hls'), { recursive: true });
  ffmpeg(['-i', clip, '-c', 'copy', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', path.join(dir, 'hls', 'stream.m3u8')]); // prettier-ignore
  ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '660', '-c:a', 'libmp3lame', '-b:a', '8k', path.join(dir, 'long.mp3')]); // prettier-ignore
}

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mp3': 'audio/mpeg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

export async function startLocalWeb(dir: string): Promise<LocalWeb> {
  makeMediaFixtures(dir);
  const pages = new Map<string, string>();
  const hits = new Map<string, number>();
  let port = 0;
  const server = http.createServer((req, res) => {
    const route = (req.url ?? '/').split('?')[0] ?? '/';
    hits.set(route, (hits.get(route) ?? 0) + 1);
    if (route === '/slow') {
      // Headers at once, then a byte every second: past any short limit.
      res.writeHead(200, { 'Content-Type': 'text/html' });
      const timer = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (route === '/to-private') {
      res.writeHead(302, { Location: 'http://192.168.1.20/video.mp4' }).end();
      return;
    }
    if (route === '/moved.mp4') {
      res.writeHead(301, { Location: `http://127.0.0.1:${port}/clip.mp4` }).end();
      return;
    }
    if (route === '/watch') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Harbour clip</title>
<meta property="og:title" content="Harbour at dawn">
<meta property="og:video" content="http://127.0.0.1:${port}/clip.mp4">
<meta property="og:video:type" content="video/mp4">
</head><body><h1>Harbour at dawn</h1><video controls src="/clip.mp4"></video></body></html>`);
      return;
    }
    const page = pages.get(route);
    if (page !== undefined) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = path.join(dir, path.normalize(route).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': fs.statSync(file).size,
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    page: (route, body) => pages.set(route, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
