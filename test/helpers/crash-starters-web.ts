/**
 * Crash-test starters (see crash-starters.ts) for the web area: media info, the two downloads,
 * the yt-dlp tool install and the article reader. Media comes from a local server this file
 * starts (the engine may fetch from its port only, TAPEHOUSE_FETCH_ALLOW_LOOPBACK), extraction
 * runs Debian's yt-dlp (TAPEHOUSE_YTDLP=system), and the tool install reads a local release
 * mirror of yt-dlp's layout. Every job is held by the test hook once its work is done.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  assetFor,
  loadToolManifest,
} from '../../engine/src/features/web/media/ytdlp/tool-manifest.ts';
import { systemFfmpeg } from './audio-fixtures.ts';
import { newestJob, postJson, type Starter } from './crash-starters.ts';

/** A release tag no manifest records a digest for, so the stand-in binary is accepted. */
const TOOL_TAG = '2099.01.01';
const TOOL_BINARY = `#!/bin/sh\necho ${TOOL_TAG}\n`;

export interface CrashWeb {
  url: string;
  /** The engine's environment for this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startCrashWeb(dir: string): Promise<CrashWeb> {
  fs.mkdirSync(dir, { recursive: true });
  const tone = path.join(dir, 'tone.mp3');
  execFileSync(systemFfmpeg(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100', '-t', '20'],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', tone],
  ]);
  const audio = fs.readFileSync(tone);
  const asset = assetFor(loadToolManifest()) ?? 'yt-dlp';
  const sha = createHash('sha256').update(TOOL_BINARY).digest('hex');
  const server = http.createServer((req, res) => {
    const route = (req.url ?? '/').split('?')[0] ?? '/';
    // Two addresses for the same tone: media info must not find the downloads' cached info.
    if (route === '/tone.mp3' || route === '/info/tone.mp3') {
      res.writeHead(200, { 'Content-Type': 'audio/mpeg', 'Content-Length': audio.length });
      return void res.end(req.method === 'HEAD' ? undefined : audio);
    }
    if (route === `/releases/download/${TOOL_TAG}/SHA2-256SUMS`)
      return void res.end(`${sha}  ${asset}\n`);
    if (route === `/releases/download/${TOOL_TAG}/${asset}`) return void res.end(TOOL_BINARY);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: {
      TAPEHOUSE_YTDLP: 'system',
      TAPEHOUSE_FETCH_ALLOW_LOOPBACK: String(port),
      TAPEHOUSE_YTDLP_RELEASES_URL: `${url}/releases`,
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A short article, narrated from the request's text (nothing fetched). */
const ARTICLE = Array.from(
  { length: 2 },
  (_, i) =>
    `Paragraph ${i + 1}. The ferry left the island at night, its lights low over the water, and the few passengers on deck watched the harbour shrink behind them while the engine hummed below.`,
).join('\n\n');

export const WEB_STARTERS: Record<string, Starter> = {
  media_info: {
    start: async (ctx) => {
      const body = await postJson(ctx, '/video/public/info', {
        url: `${ctx.state.webUrl ?? ''}/info/tone.mp3`,
      });
      return Number(body.job_id);
    },
  },
  video_download: {
    prepare: async (ctx) => {
      // The route extracts info before it creates the job: read once here, then cached.
      await postJson(ctx, '/video/info', { url: `${ctx.state.webUrl ?? ''}/tone.mp3` });
    },
    start: async (ctx) => {
      const body = await postJson(ctx, '/video/download', {
        url: `${ctx.state.webUrl ?? ''}/tone.mp3`,
        format: 'mp3',
        quality: '128kbps',
      });
      return Number((body.job as { id: number }).id);
    },
  },
  video_download_public: {
    start: async (ctx) => {
      const body = await postJson(ctx, '/video/public/download', {
        url: `${ctx.state.webUrl ?? ''}/tone.mp3`,
        format: 'wav',
      });
      return typeof body.id === 'number' ? body.id : newestJob(ctx, 'video_download_public');
    },
  },
  tool_install: {
    start: async (ctx) =>
      Number((await postJson(ctx, '/web/tools/yt-dlp/install', { version: TOOL_TAG })).job_id),
  },
  reader: {
    start: async (ctx) => {
      const body = await postJson(ctx, '/reader/generate', {
        content: ARTICLE,
        title: 'The night ferry',
        show_branding: false,
      });
      return Number(body.id);
    },
  },
};
