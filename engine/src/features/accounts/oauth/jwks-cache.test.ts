import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JwksCache } from './jwks-cache.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });

let server: http.Server;
let url = '';
let fetches = 0;
let keys: unknown[] = [];
let cacheControl = 'max-age=600';

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    fetches += 1;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', cacheControl);
    res.end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  fetches = 0;
  cacheControl = 'max-age=600';
  keys = [
    { ...rsa, kid: 'rsa-1', alg: 'RS256', use: 'sig' },
    { ...ec, kid: 'ec-1' },
    { ...rsa, kid: 'enc-1', use: 'enc' },
    { kty: 'RSA', kid: 'broken', n: 'AQAB' },
    { kty: 'oct', kid: 'secret', k: 'c2VjcmV0' },
  ];
});

describe('JwksCache', () => {
  it('loads signature keys and skips encryption, symmetric and broken ones', async () => {
    const cache = new JwksCache(url, 'Test');
    expect(await cache.key('rsa-1')).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(await cache.key('ec-1')).toMatchObject({ kty: 'EC', crv: 'P-256' });
    for (const kid of ['enc-1', 'broken', 'secret']) expect(await cache.key(kid)).toBeNull();
    expect(fetches).toBeLessThanOrEqual(4);
  });

  it('keeps keys for the max-age, then fetches again', async () => {
    let now = 1_000_000;
    const cache = new JwksCache(url, 'Test', () => now);
    await cache.key('rsa-1');
    now += 599_000;
    await cache.key('rsa-1');
    expect(fetches).toBe(1);
    now += 2_000;
    await cache.key('rsa-1');
    expect(fetches).toBe(2);
  });

  it('clamps a tiny max-age to one minute', async () => {
    cacheControl = 'public, max-age=1';
    let now = 1_000_000;
    const cache = new JwksCache(url, 'Test', () => now);
    await cache.key('rsa-1');
    now += 30_000;
    await cache.key('rsa-1');
    expect(fetches).toBe(1);
  });

  it('limits refetches for unknown kids', async () => {
    let now = 1_000_000;
    const cache = new JwksCache(url, 'Test', () => now);
    await cache.key('rsa-1');
    for (let i = 0; i < 20; i += 1) await cache.key(`made-up-${i}`);
    expect(fetches).toBe(1 + 6);
    await cache.key('made-up-0');
    expect(fetches).toBe(7);
    now += 61_000;
    await cache.key('made-up-0');
    expect(fetches).toBe(8);
  });

  it('shares one fetch between concurrent callers', async () => {
    const cache = new JwksCache(url, 'Test');
    await Promise.all([cache.key('rsa-1'), cache.key('ec-1'), cache.key('rsa-1')]);
    expect(fetches).toBe(1);
  });

  it('is 503 when the set has no usable key', async () => {
    keys = [{ kty: 'oct', kid: 'secret', k: 'c2VjcmV0' }];
    await expect(new JwksCache(url, 'Test').key('secret')).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});
