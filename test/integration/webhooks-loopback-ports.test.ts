// Issue 13, defect 7: the owner's opt-in for receivers on this machine names the ports it opens
// (`TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=8080,9000`, `"webhooksAllowLoopback": [8080, 9000]`). A
// listed port takes webhooks; any other local port is refused at registration and nothing is
// sent to it. The old on-switch (`1`, `true`) no longer opens every port: it opens none.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

interface LocalServer {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A plain HTTP server on 127.0.0.1 that records every request it gets. */
async function localServer(): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const temp = makeTempDir('webhook-ports-');
let listed: LocalServer;
let unlisted: LocalServer;

beforeAll(async () => {
  listed = await localServer();
  unlisted = await localServer();
});
afterAll(async () => {
  await listed.close();
  await unlisted.close();
  temp.cleanup();
});

async function engineWithSettings(name: string, settings: unknown): Promise<TestEngine> {
  const home = path.join(temp.dir, name);
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, 'settings.json'), JSON.stringify(settings));
  return startEngine({ home });
}

async function register(engine: TestEngine, url: string) {
  const res = await fetch(`${engine.api}/webhooks/endpoints`, {
    method: 'POST',
    headers: bearer(engine.token, { 'Content-Type': 'application/json' }),
    body: JSON.stringify({ url, events: ['job.completed'] }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('loopback webhook receivers are scoped to the listed ports', () => {
  it('accepts a listed port, delivers to it, and refuses every other local port', async () => {
    const engine = await engineWithSettings('listed', { webhooksAllowLoopback: [listed.port] });
    try {
      const ok = await register(engine, `http://127.0.0.1:${listed.port}/hook`);
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      const test = await fetch(`${engine.api}/webhooks/endpoints/${String(ok.body.id)}/test`, {
        method: 'POST',
        headers: bearer(engine.token),
      });
      expect(test.status).toBeLessThan(300);
      for (let i = 0; listed.hits.length === 0 && i < 100; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(listed.hits).toEqual(['POST /hook']);

      for (const url of [
        `http://127.0.0.1:${unlisted.port}/hook`,
        `http://localhost:${unlisted.port}/hook`,
        'http://127.0.0.1/hook',
        `http://127.0.0.1:${engine.url.split(':').at(-1) ?? ''}/api/v1/auth/forgot-password`,
      ]) {
        const refused = await register(engine, url);
        expect(refused.status, url).toBe(400);
        expect(String(refused.body.detail), url).toMatch(/port/);
      }
      expect(unlisted.hits).toEqual([]);
    } finally {
      await engine.stop();
    }
  });

  it('reads the old on-switch (true) as no port at all', async () => {
    const engine = await engineWithSettings('legacy', { webhooksAllowLoopback: true });
    try {
      const refused = await register(engine, `http://127.0.0.1:${unlisted.port}/hook`);
      expect(refused.status).toBe(400);
      expect(String(refused.body.detail)).toMatch(/TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=<port>/);
      expect(unlisted.hits).toEqual([]);
    } finally {
      await engine.stop();
    }
  });
});
