/**
 * The in-app model manager routes against a real engine (real SQLite, real job runner and event
 * stream) and a real HTTP server on 127.0.0.1 serving a small generated pack: install with
 * progress, sha256 mismatch refused, install from a folder, verify, remove, owner only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobJson } from '../../engine/src/jobs/job-schema.ts';
import { bearer, registerUser } from '../helpers/accounts.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { collectJobEvents } from '../helpers/sse.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  bytes,
  fixtureFiles,
  manifestFor,
  serveBytes,
  startFileServer,
  writeFiles,
  writeManifest,
  type FileServer,
  type FixtureFile,
} from './models-fixtures.ts';

interface PackJson {
  id: string;
  state: string;
  ready: boolean;
  removable: boolean;
  bytes: number;
  licence: string;
  last_verified: { ok: boolean } | null;
}

const temp = makeTempDir('tapehouse-manager-');
const files = fixtureFiles(11);
const [model, licence] = files as [FixtureFile, FixtureFile];
let server: FileServer;
let engine: TestEngine;

beforeAll(async () => {
  server = await startFileServer({
    '/good/tiny.onnx': serveBytes(model.content),
    '/good/LICENSE': serveBytes(licence.content),
    '/bad/tiny.onnx': serveBytes(bytes(model.content.length, 99)),
  });
  const manifests = path.join(temp.dir, 'manifests');
  writeManifest(
    manifests,
    manifestFor('tiny', files, (f) => server.url(`/good/${f.name}`)),
  );
  writeManifest(
    manifests,
    manifestFor('tampered', files, (f) =>
      server.url(f.name === 'tiny.onnx' ? '/bad/tiny.onnx' : `/good/${f.name}`),
    ),
  );
  writeManifest(manifests, manifestFor('folder', files));
  engine = await startEngine({ modelsDir: null }, { manifestsDir: manifests });
});

afterAll(async () => {
  await engine.stop();
  await server.close();
  temp.cleanup();
});

async function call(method: string, route: string, body?: unknown, token = engine.token) {
  const res = await fetch(`${engine.api}${route}`, {
    method,
    headers: bearer(token, body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function pack(id: string): Promise<PackJson> {
  const res = await call('GET', `/model-packs/${id}`);
  expect(res.status).toBe(200);
  return res.body as unknown as PackJson;
}

async function finished(id: number): Promise<JobJson> {
  for (;;) {
    const res = await call('GET', `/jobs/${id}`);
    const job = res.body as unknown as JobJson;
    if (['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('model manager routes', () => {
  it('lists packs with task, size, licence and state', async () => {
    const res = await call('GET', '/model-packs');
    expect(res.status).toBe(200);
    const packs = res.body.packs as PackJson[];
    expect(packs.map((p) => p.id).sort()).toEqual(['folder', 'tampered', 'tiny']);
    expect(packs.find((p) => p.id === 'tiny')).toMatchObject({
      task: 'denoise',
      licence: 'MIT',
      bytes: model.content.length + licence.content.length,
      state: 'not_installed',
      ready: false,
      removable: false,
      last_verified: null,
    });
  });

  it('installs from the internet as a job, streaming progress events', async () => {
    const events = collectJobEvents(`${engine.api}/jobs/events`, engine.token);
    await events.ready;
    const started = await call('POST', '/model-packs/tiny/install', {});
    expect(started.status).toBe(202);
    const job = started.body as unknown as JobJson;
    expect(job.type).toBe('model_install');
    const seen = await events.until((e) => e.job.id === job.id && e.event === 'job.completed');
    events.close();
    const progress = seen.filter((e) => e.job.id === job.id && e.event === 'job.progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.some((e) => (e.job.stage ?? '').startsWith('Downloading tiny.onnx'))).toBe(
      true,
    );
    const done = await finished(job.id);
    expect(done.result).toMatchObject({ id: 'tiny', status: 'installed' });
    expect(await pack('tiny')).toMatchObject({ state: 'installed', ready: true, removable: true });
  });

  it('refuses a download whose sha256 does not match, installing nothing', async () => {
    const started = await call('POST', '/model-packs/tampered/install', {});
    expect(started.status).toBe(202);
    const done = await finished((started.body as unknown as JobJson).id);
    expect(done.status).toBe('failed');
    expect(done.error_message).toMatch(/does not match the manifest/);
    expect(await pack('tampered')).toMatchObject({ state: 'not_installed', ready: false });
  });

  it('installs from a local folder, and refuses a folder that lacks the files', async () => {
    const source = path.join(temp.dir, 'source');
    writeFiles(source, files, 'flat');
    const empty = path.join(temp.dir, 'empty');
    fs.mkdirSync(empty, { recursive: true });
    const refused = await call('POST', '/model-packs/folder/install', { from: empty });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_error');
    const relative = await call('POST', '/model-packs/folder/install', { from: 'source' });
    expect(relative.status).toBe(400);
    const started = await call('POST', '/model-packs/folder/install', { from: source });
    expect(started.status).toBe(202);
    const done = await finished((started.body as unknown as JobJson).id);
    expect(done.status, done.error_message ?? '').toBe('completed');
    expect(await pack('folder')).toMatchObject({ state: 'installed', ready: true });
  });

  it('verifies an installed pack, and reports a damaged one', async () => {
    const good = await call('POST', '/model-packs/tiny/verify');
    expect(good.status).toBe(202);
    const goodDone = await finished((good.body as unknown as JobJson).id);
    expect(goodDone.result).toMatchObject({ id: 'tiny', ok: true });
    expect((await pack('tiny')).last_verified).toMatchObject({ ok: true });

    // Same size, other bytes: only the re-hash can tell.
    const installed = path.join(engine.home, 'models', 'folder', 'tiny.onnx');
    fs.writeFileSync(installed, bytes(model.content.length, 5));
    const bad = await call('POST', '/model-packs/folder/verify');
    const badDone = await finished((bad.body as unknown as JobJson).id);
    expect(badDone.result).toMatchObject({ id: 'folder', ok: false });
    const problems = (badDone.result as { files: { name: string; problem: string | null }[] })
      .files;
    expect(problems.find((f) => f.name === 'tiny.onnx')?.problem).toBe('sha256');
    expect((await pack('folder')).last_verified).toMatchObject({ ok: false });

    const missing = await call('POST', '/model-packs/tampered/verify');
    expect(missing.status).toBe(503);
    expect(missing.body.code).toBe('model_not_installed');
  });

  it('removes an installed pack, then answers 404 for it', async () => {
    const removed = await call('DELETE', '/model-packs/tiny');
    expect(removed).toEqual({ status: 200, body: { id: 'tiny', removed: true } });
    expect(fs.existsSync(path.join(engine.home, 'models', 'tiny'))).toBe(false);
    expect(await pack('tiny')).toMatchObject({
      state: 'not_installed',
      removable: false,
      last_verified: null,
    });
    expect((await call('DELETE', '/model-packs/tiny')).status).toBe(404);
    expect((await call('POST', '/model-packs/nope/install', {})).status).toBe(404);
    expect((await call('GET', '/model-packs/Not_An_Id')).status).toBe(400);
  });

  it('answers 403 to a signed-in account that is not the studio, 401 without a credential', async () => {
    const user = await registerUser(engine);
    const asUser = await call('POST', '/model-packs/tiny/install', {}, user.tokens.access_token);
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('forbidden');
    expect((await call('GET', '/model-packs', undefined, user.tokens.access_token)).status).toBe(
      403,
    );
    const anonymous = await fetch(`${engine.api}/model-packs`);
    expect(anonymous.status).toBe(401);
  });
});
