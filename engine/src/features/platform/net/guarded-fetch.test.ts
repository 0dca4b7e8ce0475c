// THE fetcher against local servers: the owner's loopback opt-in (every port or listed ports,
// never in the hosted profile), redirects re-judged, a 404, a stalling server past the time
// limit, the byte cap (announced and streamed), content types, and this engine's own signed
// URLs read from the store. The proxy for tools keeps the same rules.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { AppError } from '../../../errors.ts';
import { UrlSigner } from '../downloads/url-signer.ts';
import { fetchPolicy } from './fetch-policy.ts';
import { FetchProxy } from './fetch-proxy.ts';
import { Fetcher } from './guarded-fetch.ts';

let server: http.Server;
let port = 0;
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-fetch-'));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/a.mp3') res.writeHead(200, { 'Content-Type': 'audio/mpeg' }).end('ID3-bytes');
    else if (req.url === '/page')
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hi</p>');
    else if (req.url === '/hop') res.writeHead(302, { Location: '/a.mp3' }).end();
    else if (req.url === '/private')
      res.writeHead(302, { Location: 'http://169.254.169.254/x' }).end();
    else if (req.url === '/big')
      res
        .writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': '5000' })
        .end(Buffer.alloc(5000));
    else if (req.url === '/big-chunked') {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      res.end(Buffer.alloc(5000));
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'Content-Type': 'audio/wav' });
      const timer = setInterval(() => res.write('x'), 200);
      res.on('close', () => clearInterval(timer));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(home, { recursive: true, force: true });
});

function fetcher(
  loopback: 'any' | number[] | null,
  limits = { timeoutMs: 2000, maxBytes: 1000 },
  profile: 'local' | 'hosted' = 'local',
  urls: UrlSigner | null = null,
): Fetcher {
  return new Fetcher(fetchPolicy({ profile, fetchAllowLoopback: loopback }), limits, urls);
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const signal = new AbortController().signal;

describe('Fetcher', () => {
  it('reaches this machine only with the owner’s opt-in, on listed ports, never when hosted', async () => {
    const url = `http://127.0.0.1:${port}/a.mp3`;
    expect((await failure(fetcher(null).open(url, { signal, accept: 'media' }))).message).toMatch(
      /loopback|127\.0\.0\.1/,
    );
    expect(
      (await failure(fetcher([port + 1]).open(url, { signal, accept: 'media' }))).message,
    ).toMatch(/not in the allowed list/);
    expect(
      (await failure(fetcher('any', undefined, 'hosted').open(url, { signal, accept: 'media' })))
        .message,
    ).toMatch(/127\.0\.0\.1/);
    const opened = await fetcher([port]).text(url, { signal, accept: 'media' });
    expect(opened.text).toBe('ID3-bytes');
  });

  it('follows redirects judging each hop, and refuses one to a private address', async () => {
    const hop = await fetcher('any').text(`http://localhost:${port}/hop`, {
      signal,
      accept: 'media',
    });
    expect(hop.url.pathname).toBe('/a.mp3');
    const error = await failure(
      fetcher('any').open(`http://127.0.0.1:${port}/private`, { signal, accept: 'media' }),
    );
    expect(error.message).toMatch(/169\.254\.169\.254.*link-local/);
    expect(error.details?.reason).toBe('refused');
  });

  it('reports a 404, a stalling server and the byte cap', async () => {
    const missing = await failure(
      fetcher('any').open(`http://127.0.0.1:${port}/none`, { signal, accept: 'media' }),
    );
    expect(missing.details).toMatchObject({ reason: 'http_status', status: 404 });

    const started = Date.now();
    const slow = await failure(
      fetcher('any', { timeoutMs: 700, maxBytes: 10_000 }).text(`http://127.0.0.1:${port}/slow`, {
        signal,
        accept: 'media',
      }),
    );
    expect(slow.details?.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);

    const announced = await failure(
      fetcher('any').open(`http://127.0.0.1:${port}/big`, { signal, accept: 'media' }),
    );
    expect(announced.code).toBe('payload_too_large');
    const streamed = await failure(
      fetcher('any').text(`http://127.0.0.1:${port}/big-chunked`, { signal, accept: 'media' }),
    );
    expect(streamed.code).toBe('payload_too_large');
  });

  it('checks the content type: a web page is no media file, a file is no web page', async () => {
    const page = await failure(
      fetcher('any').open(`http://127.0.0.1:${port}/page`, { signal, accept: 'media' }),
    );
    expect(page.code).toBe('unsupported_media');
    expect(page.message).toMatch(/web page/);
    const file = await failure(
      fetcher('any').open(`http://127.0.0.1:${port}/a.mp3`, { signal, accept: 'html' }),
    );
    expect(file.code).toBe('unsupported_media');
    expect(
      (await fetcher('any').text(`http://127.0.0.1:${port}/page`, { signal, accept: 'html' })).text,
    ).toBe('<p>hi</p>');
  });

  it('reads this engine’s own signed URLs from the store, with no loopback opt-in', async () => {
    const urls = new UrlSigner(home, new ManualClock());
    const file = path.join(home, 'take.wav');
    fs.writeFileSync(file, 'RIFF-take');
    const signed = urls.sign({ path: file, filename: 'take.wav', contentType: 'audio/wav' });
    const own = await fetcher(null, undefined, 'local', urls).text(
      `http://127.0.0.1:7341${signed.url}`,
      { signal, accept: 'media' },
    );
    expect(own.text).toBe('RIFF-take');
    // A forged signature is just another loopback URL: refused without the opt-in.
    const forged = signed.url.replace(/signature=[^&]+/, 'signature=forged');
    await failure(
      fetcher(null, undefined, 'local', urls).open(`http://127.0.0.1:7341${forged}`, {
        signal,
        accept: 'media',
      }),
    );
  });
});

describe('FetchProxy', () => {
  it('asks for its credential and judges CONNECT targets like URLs', async () => {
    const proxy = await FetchProxy.start(
      fetchPolicy({ profile: 'local', fetchAllowLoopback: null }),
      {
        maxBytes: 1000,
        deadlineMs: 5000,
      },
    );
    const { port: proxyPort, username, password } = new URL(proxy.url);
    const connect = (auth: boolean): Promise<string> =>
      new Promise((resolve) => {
        const socket = net.connect(Number(proxyPort), '127.0.0.1', () => {
          const credential = Buffer.from(`${username}:${password}`).toString('base64');
          socket.write(
            `CONNECT 10.0.0.1:443 HTTP/1.1\r\nHost: 10.0.0.1:443\r\n${auth ? `Proxy-Authorization: Basic ${credential}\r\n` : ''}\r\n`,
          );
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
      });
    expect(await connect(false)).toMatch(/^HTTP\/1\.1 407/);
    expect(await connect(true)).toMatch(/^HTTP\/1\.1 403[\s\S]*private/);
    expect(proxy.refusals[0]).toMatch(/10\.0\.0\.1/);
    await proxy.close();
  });
});
