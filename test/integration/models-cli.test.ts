/**
 * `npm run models` end to end: the CLI runs as a subprocess (tsx scripts/models.ts) with
 * TAPEHOUSE_HOME in a temp dir and TAPEHOUSE_MANIFESTS_DIR pointing at generated manifests.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(
  ROOT,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'tsx.cmd' : 'tsx',
);

const temp = makeTempDir('tapehouse-cli-');
const home = path.join(temp.dir, 'home');
const manifests = path.join(temp.dir, 'manifests');
const source = path.join(temp.dir, 'source');
type Pack = [FixtureFile, FixtureFile];
const alpha = fixtureFiles(11, 'alpha') as Pack;
const beta = fixtureFiles(12, 'beta') as Pack;
const web = fixtureFiles(13, 'web') as Pack;
let server: FileServer;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI asynchronously (the HTTP server lives in this process's event loop). */
function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['scripts/models.ts', ...args],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          TAPEHOUSE_HOME: home,
          TAPEHOUSE_MANIFESTS_DIR: manifests,
          TAPEHOUSE_MODELS_DIR: '',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  server = await startFileServer({
    '/web/tiny.onnx': serveBytes(web[0].content),
    '/web/LICENSE': serveBytes(web[1].content),
  });
  writeManifest(manifests, manifestFor('alpha', alpha));
  // beta's licence lives elsewhere in the source folder: only alpha is complete there.
  writeManifest(manifests, manifestFor('beta', beta));
  writeManifest(
    manifests,
    manifestFor('web', web, (f) => server.url(`/web/${f.name}`)),
  );
  writeFiles(source, alpha);
  writeFiles(source, [beta[0]]);
});

afterAll(async () => {
  await server.close();
  temp.cleanup();
});

describe('npm run models', () => {
  it('lists packs with their install state', async () => {
    const run = await cli(['list']);
    expect(run.code).toBe(0);
    // Grouped by what the packs are for; NC marks a non-commercial licence (none here).
    expect(run.stdout).toMatch(/^ID\s+FOR\s+SIZE\s+NC\s+STATUS\s+TITLE/m);
    expect(run.stdout).toMatch(
      /^alpha\s+noise-reduction\s+300\.\d kB\s+not installed\s+Test pack alpha$/m,
    );
    expect(run.stdout).toContain(path.join(home, 'models'));
  });

  it('installs from a local folder (all complete packs when no id is given)', async () => {
    const run = await cli(['install', '--from', source]);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`installed alpha 1.0.0 (300.`);
    expect(run.stdout).not.toContain('beta');
    // Not a terminal: plain percentage lines, no carriage returns.
    expect(run.stderr).toContain('alpha: copying 100%');
    expect(run.stderr).not.toContain('\r');
    expect(fs.existsSync(path.join(home, 'models', 'alpha', 'tiny.onnx'))).toBe(true);

    const list = await cli(['list', '--json']);
    const packs = JSON.parse(list.stdout) as { id: string; state: string }[];
    expect(packs.find((p) => p.id === 'alpha')?.state).toBe('installed');
    expect(packs.find((p) => p.id === 'beta')?.state).toBe('not_installed');
  });

  it('downloads a pack from an HTTP server', async () => {
    const run = await cli(['install', 'web']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('installed web 1.0.0');
    expect(run.stderr).toContain('web: downloading 100%');
    expect(server.requests).toContain('/web/tiny.onnx');
  });

  it('verifies installed packs and flags a corrupted file with exit code 1', async () => {
    const ok = await cli(['verify']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^ok\s+alpha 1\.0\.0 \(2 files\)/m);
    expect(ok.stdout).toMatch(/^ok\s+web/m);

    fs.writeFileSync(path.join(home, 'models', 'alpha', 'tiny.onnx'), bytes(300_000, 4242));
    const bad = await cli(['verify', 'alpha']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('FAILED  alpha');
    expect(bad.stdout).toMatch(
      /tiny\.onnx: sha256: expected [0-9a-f]{64} \(300000 bytes\), got [0-9a-f]{64}/,
    );
    expect(bad.stdout).toContain('npm run models -- install alpha --force');
  });

  it('refuses a wrong-hash file with exit code 1 and installs nothing', async () => {
    const wrong = path.join(temp.dir, 'wrong');
    writeFiles(wrong, [{ ...beta[0], content: bytes(300_000, 777) }, beta[1]]);
    const run = await cli(['install', 'beta', '--from', wrong]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error: beta: tiny.onnx');
    expect(run.stderr).toContain('does not match the manifest: expected sha256');
    expect(fs.existsSync(path.join(home, 'models', 'beta'))).toBe(false);
  });

  it('removes a pack', async () => {
    const run = await cli(['remove', 'web']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('removed web');
    expect(fs.existsSync(path.join(home, 'models', 'web'))).toBe(false);
    const again = await cli(['remove', 'web']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not installed');
  });

  it('exits 2 on usage errors and 1 on a bad manifest, with clear messages', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(unknown.stderr).toContain('usage: npm run models');

    const bare = await cli(['install']);
    expect(bare.code).toBe(2);

    const brokenDir = path.join(temp.dir, 'broken-manifests');
    writeManifest(brokenDir, { ...manifestFor('gamma', alpha), licence: '' });
    const broken = await cli(['list'], { TAPEHOUSE_MANIFESTS_DIR: brokenDir });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('gamma.json: licence');
  });
});
