/**
 * The model installer against real files and a real HTTP server on 127.0.0.1: copy and
 * download, sha256 refusal, atomic replacement, cancellation, verify and remove.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, CancelledError } from '../../engine/src/errors.ts';
import {
  installPack,
  packsAvailableIn,
  type InstallProgress,
} from '../../engine/src/inference/model-install.ts';
import { removePack, verifyPack } from '../../engine/src/inference/model-verify.ts';
import { INSTALLED_RECORD } from '../../engine/src/inference/model-manifest.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
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

const temp = makeTempDir('tapehouse-install-');
const files = fixtureFiles(7);
const [model, licence] = files as [FixtureFile, FixtureFile];
const impostor = bytes(model.content.length, 99); // same size, other bytes
let server: FileServer;
let counter = 0;

beforeAll(async () => {
  server = await startFileServer({
    '/good/tiny.onnx': serveBytes(model.content),
    '/good/LICENSE': serveBytes(licence.content),
    '/chunked/tiny.onnx': serveBytes(model.content, { contentLength: false }),
    '/moved/tiny.onnx': (_req, res) => res.writeHead(302, { location: '/good/tiny.onnx' }).end(),
    '/bad/tiny.onnx': serveBytes(impostor),
    '/long/tiny.onnx': serveBytes(Buffer.concat([model.content, Buffer.from('extra')]), {
      contentLength: false,
    }),
    '/slow/tiny.onnx': (_req, res) => {
      res.writeHead(200, { 'content-length': model.content.length });
      res.write(model.content.subarray(0, 16_384)); // then nothing: a stalled server
    },
  });
});

afterAll(async () => {
  await server.close();
  temp.cleanup();
});

/**
 * A fresh data dir and manifests folder for pack "tiny"; `routes` maps a file name to the
 * server route its url points at (default /good/<name>), or a function gives the whole url.
 */
function setup(routes: Partial<Record<string, string>> | ((f: FixtureFile) => string) = {}): {
  registry: ModelRegistry;
  root: string;
} {
  counter += 1;
  const root = path.join(temp.dir, `case-${counter}`);
  const urlFor =
    typeof routes === 'function'
      ? routes
      : (f: FixtureFile) => server.url(routes[f.name] ?? `/good/${f.name}`);
  writeManifest(path.join(root, 'manifests'), manifestFor('tiny', files, urlFor));
  const registry = new ModelRegistry(
    { home: path.join(root, 'home'), modelsDir: null },
    { manifestsDir: path.join(root, 'manifests') },
  );
  return { registry, root };
}

function stagingEntries(registry: ModelRegistry): string[] {
  const dir = registry.stagingRoot();
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the install to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function expectNothingInstalled(registry: ModelRegistry, id = 'tiny'): void {
  expect(fs.existsSync(registry.packDir(id))).toBe(false);
  expect(stagingEntries(registry)).toEqual([]);
  expect(registry.installedPackCount()).toBe(0);
}

describe('install from a local folder', () => {
  it('copies the TAPEHOUSE_MODELS_DIR layout, verifies and records the install', async () => {
    const { registry, root } = setup();
    const source = path.join(root, 'source');
    writeFiles(source, files);
    const events: InstallProgress[] = [];
    const result = await installPack(registry, 'tiny', {
      from: source,
      onProgress: (p) => events.push(p),
    });
    expect(result).toMatchObject({
      id: 'tiny',
      status: 'installed',
      from: 'copy',
      bytes: 300_000 + licence.content.length,
    });
    for (const f of files) {
      expect(fs.readFileSync(path.join(registry.packDir('tiny'), f.name)).equals(f.content)).toBe(
        true,
      );
    }
    const record = JSON.parse(
      fs.readFileSync(path.join(registry.packDir('tiny'), INSTALLED_RECORD), 'utf8'),
    ) as {
      version: string;
      from: string;
    };
    expect(record).toMatchObject({ version: '1.0.0', from: 'copy' });
    expect(registry.resolveModelFile('tiny', 'tiny.onnx')).toBe(
      path.join(registry.packDir('tiny'), 'tiny.onnx'),
    );
    expect(registry.installedPackCount()).toBe(1);
    expect(stagingEntries(registry)).toEqual([]);

    // Progress climbs monotonically to the pack's total, file by file.
    expect(events.length).toBeGreaterThan(3);
    const done = events.map((e) => e.bytesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({
      bytesDone: result.bytes,
      bytesTotal: result.bytes,
      phase: 'copy',
      fileIndex: 1,
    });
  });

  it('also finds files laid out flat by name, and skips an intact install unless forced', async () => {
    const { registry, root } = setup();
    const source = path.join(root, 'flat');
    writeFiles(source, files, 'flat');
    expect(packsAvailableIn(registry, source)).toEqual(['tiny']);
    await installPack(registry, 'tiny', { from: source });
    expect((await installPack(registry, 'tiny', { from: source })).status).toBe(
      'already_installed',
    );
    expect((await installPack(registry, 'tiny', { from: source, force: true })).status).toBe(
      'installed',
    );
  });

  it('refuses a file with the wrong hash, naming expected and actual, leaving nothing', async () => {
    const { registry, root } = setup();
    const source = path.join(root, 'corrupt');
    writeFiles(source, [{ ...model, content: impostor }, licence]);
    const error = await failure(installPack(registry, 'tiny', { from: source }));
    expect(error.code).toBe('validation_error');
    expect(error.message).toContain(
      `expected sha256 ${manifestFor('tiny', files).files[0]?.sha256}`,
    );
    expect(error.message).toMatch(/got sha256 [0-9a-f]{64} \(300000 bytes\)/);
    expect(error.details).toMatchObject({ file: 'tiny.onnx', expected: { bytes: 300_000 } });
    expectNothingInstalled(registry);
  });

  it('reports a missing source file by name', async () => {
    const { registry, root } = setup();
    const source = path.join(root, 'partial');
    writeFiles(source, [model]);
    const error = await failure(installPack(registry, 'tiny', { from: source }));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('LICENSE not found');
    expectNothingInstalled(registry);
  });
});

describe('install by download', () => {
  it('streams files from an HTTP server, following redirects', async () => {
    const { registry } = setup({ 'tiny.onnx': '/moved/tiny.onnx' });
    const events: InstallProgress[] = [];
    const result = await installPack(registry, 'tiny', { onProgress: (p) => events.push(p) });
    expect(result).toMatchObject({ status: 'installed', from: 'download' });
    expect(server.requests).toContain('/moved/tiny.onnx');
    expect(
      fs.readFileSync(registry.resolveModelFile('tiny', 'tiny.onnx')).equals(model.content),
    ).toBe(true);
    expect(events.filter((e) => e.fileIndex === 0).length).toBeGreaterThan(2);
    expect(events.every((e) => e.phase === 'download')).toBe(true);
  });

  it('accepts a chunked response with no content-length', async () => {
    const { registry } = setup({ 'tiny.onnx': '/chunked/tiny.onnx' });
    expect((await installPack(registry, 'tiny')).status).toBe('installed');
  });

  it('refuses a download with the wrong hash and installs nothing', async () => {
    const { registry } = setup({ 'tiny.onnx': '/bad/tiny.onnx' });
    const error = await failure(installPack(registry, 'tiny'));
    expect(error.code).toBe('validation_error');
    expect(error.message).toContain('does not match the manifest');
    expect(error.message).toContain(server.url('/bad/tiny.onnx'));
    expectNothingInstalled(registry);
  });

  it('stops a download that runs past the manifest size', async () => {
    const { registry } = setup({ 'tiny.onnx': '/long/tiny.onnx' });
    const error = await failure(installPack(registry, 'tiny'));
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toContain('more than the expected 300000 bytes');
    expectNothingInstalled(registry);
  });

  it('reports HTTP errors and unreachable servers as service_unavailable', async () => {
    const missing = setup({ LICENSE: '/nowhere/LICENSE' });
    const notFound = await failure(installPack(missing.registry, 'tiny'));
    expect(notFound.code).toBe('service_unavailable');
    expect(notFound.message).toContain('HTTP 404');
    expectNothingInstalled(missing.registry);

    // Port 9 (discard) has no listener here: the connection is refused.
    const { registry } = setup(() => 'http://127.0.0.1:9/unreachable');
    const refused = await failure(installPack(registry, 'tiny'));
    expect(refused.code).toBe('service_unavailable');
    expect(refused.message).toContain('fetch failed');
    expectNothingInstalled(registry);
  });

  it('fails a stalled download after the stall timeout', async () => {
    const { registry } = setup({ 'tiny.onnx': '/slow/tiny.onnx' });
    const error = await failure(installPack(registry, 'tiny', { stallTimeoutMs: 300 }));
    expect(error.code).toBe('service_unavailable');
    expect(error.message).toContain('no data for 300 ms');
    expectNothingInstalled(registry);
  });

  it('honours an AbortSignal mid-download with CancelledError and no leftovers', async () => {
    const { registry } = setup({ 'tiny.onnx': '/slow/tiny.onnx' });
    const controller = new AbortController();
    const outcome = await installPack(registry, 'tiny', {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.fileBytesDone > 0) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(CancelledError);
    expectNothingInstalled(registry);
  });

  it('keeps the previous install when a reinstall fails', async () => {
    const { registry, root } = setup();
    await installPack(registry, 'tiny');
    // Same pack, but the server now hands out a corrupted model.
    const urlFor = (f: FixtureFile): string =>
      server.url(f.name === 'tiny.onnx' ? '/bad/tiny.onnx' : `/good/${f.name}`);
    writeManifest(path.join(root, 'manifests'), manifestFor('tiny', files, urlFor));
    const again = new ModelRegistry(
      { home: registry.home, modelsDir: null },
      { manifestsDir: path.join(root, 'manifests') },
    );
    await failure(installPack(again, 'tiny', { force: true }));
    expect(again.status('tiny').state).toBe('installed');
    expect(fs.readFileSync(again.resolveModelFile('tiny', 'tiny.onnx')).equals(model.content)).toBe(
      true,
    );
    expect(stagingEntries(again)).toEqual([]);
  });
});

describe('verify and remove', () => {
  it('verify passes an intact pack and detects a corrupted or missing file', async () => {
    const { registry, root } = setup();
    const source = path.join(root, 'source');
    writeFiles(source, files);
    await installPack(registry, 'tiny', { from: source });
    const phases = new Set<string>();
    const clean = await verifyPack(registry, 'tiny', { onProgress: (p) => phases.add(p.phase) });
    expect(clean.ok).toBe(true);
    expect(phases).toEqual(new Set(['verify']));

    const target = path.join(registry.packDir('tiny'), 'tiny.onnx');
    const corrupted = Buffer.from(model.content);
    corrupted[1234] = (corrupted[1234] ?? 0) ^ 0xff;
    fs.writeFileSync(target, corrupted);
    const bad = await verifyPack(registry, 'tiny');
    expect(bad.ok).toBe(false);
    expect(bad.files[0]).toMatchObject({
      name: 'tiny.onnx',
      ok: false,
      problem: 'sha256',
      actual: { bytes: 300_000 },
    });
    expect(bad.files[1]).toMatchObject({ name: 'LICENSE', ok: true });

    fs.rmSync(path.join(registry.packDir('tiny'), 'LICENSE'));
    const missing = await verifyPack(registry, 'tiny');
    expect(missing.files[1]).toMatchObject({ ok: false, problem: 'missing', actual: null });
  });

  it('verify refuses a pack that is not installed', async () => {
    const { registry } = setup();
    await expect(verifyPack(registry, 'tiny')).rejects.toMatchObject({
      code: 'model_not_installed',
    });
  });

  it('remove deletes an installed pack, and refuses unknown or unsafe ids', async () => {
    const { registry, root } = setup();
    const source = path.join(root, 'source');
    writeFiles(source, files);
    await installPack(registry, 'tiny', { from: source });
    expect(removePack(registry, 'tiny')).toEqual({ id: 'tiny', dir: registry.packDir('tiny') });
    expectNothingInstalled(registry);
    expect(() => registry.resolveModelFile('tiny', 'tiny.onnx')).toThrow(
      /“Test pack tiny” pack is not installed/,
    );
    expect(() => removePack(registry, 'tiny')).toThrow(/not installed/);
    expect(() => removePack(registry, '../home')).toThrow(/not a model pack id/);
  });
});
