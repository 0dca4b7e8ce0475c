import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import {
  fixtureFiles,
  manifestFor,
  writeFiles,
  writeManifest,
  type FixtureFile,
} from '../../../test/integration/models-fixtures.ts';
import { AppError } from '../errors.ts';
import { INSTALLED_RECORD } from './model-manifest.ts';
import { defaultManifestsDir, ModelRegistry, type InstalledRecord } from './model-registry.ts';

const temp = makeTempDir('tapehouse-registry-');
afterAll(() => temp.cleanup());

let counter = 0;

/** A fresh home, manifests folder and models dir holding one pack "alpha". */
function setup(): {
  registry: ModelRegistry;
  files: FixtureFile[];
  modelsDir: string;
  home: string;
} {
  counter += 1;
  const root = path.join(temp.dir, `case-${counter}`);
  const home = path.join(root, 'home');
  const modelsDir = path.join(root, 'shared-models');
  const manifestsDir = path.join(root, 'manifests');
  const files = fixtureFiles(counter);
  writeManifest(manifestsDir, manifestFor('alpha', files));
  writeManifest(manifestsDir, manifestFor('beta', fixtureFiles(counter + 100)));
  fs.mkdirSync(modelsDir, { recursive: true });
  const registry = new ModelRegistry({ home, modelsDir }, { manifestsDir });
  return { registry, files, modelsDir, home };
}

/** Lays out an installed pack by hand, as model-install.ts would leave it. */
function install(
  registry: ModelRegistry,
  id: string,
  files: FixtureFile[],
  record?: Partial<InstalledRecord>,
): void {
  const dir = registry.packDir(id);
  writeFiles(dir, files, 'flat');
  const manifest = registry.manifest(id);
  const full: InstalledRecord = {
    id,
    version: manifest.version,
    installedAt: new Date().toISOString(),
    from: 'copy',
    files: manifest.files.map((f) => ({
      name: f.name,
      sha256: f.sha256 ?? '',
      bytes: f.bytes ?? 0,
    })),
    ...record,
  };
  fs.writeFileSync(path.join(dir, INSTALLED_RECORD), JSON.stringify(full));
}

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

describe('resolveModelFile', () => {
  it('names the pack in plain words, and the pack and command in its details', () => {
    const { registry } = setup();
    const error = caught(() => registry.resolveModelFile('alpha', 'tiny.onnx'));
    expect(error.code).toBe('model_not_installed');
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      'The “Test pack alpha” pack is not installed. Install it on the Models page.',
    );
    expect(error.details).toMatchObject({
      capability: 'noise-reduction',
      pack: 'alpha',
      file: 'tiny.onnx',
      install: ['alpha'],
      command: 'npm run models -- install alpha',
    });
  });

  it('finds an installed pack file', () => {
    const { registry, files } = setup();
    install(registry, 'alpha', files);
    expect(registry.resolveModelFile('alpha', 'tiny.onnx')).toBe(
      path.join(registry.packDir('alpha'), 'tiny.onnx'),
    );
  });

  it('searches TAPEHOUSE_MODELS_DIR before the installed pack', () => {
    const { registry, files, modelsDir } = setup();
    install(registry, 'alpha', files);
    writeFiles(modelsDir, files);
    expect(registry.resolveModelFile('alpha', 'tiny.onnx')).toBe(
      path.join(modelsDir, 'test', 'tiny.onnx'),
    );
  });

  it('ignores a models-dir file of the wrong size (stale copy, LFS pointer)', () => {
    const { registry, files, modelsDir } = setup();
    const target = path.join(modelsDir, 'test', 'tiny.onnx');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, 'version https://git-lfs.github.com/spec/v1\n');
    expect(caught(() => registry.resolveModelFile('alpha', 'tiny.onnx')).code).toBe(
      'model_not_installed',
    );
    install(registry, 'alpha', files);
    expect(registry.resolveModelFile('alpha', 'tiny.onnx')).toBe(
      path.join(registry.packDir('alpha'), 'tiny.onnx'),
    );
  });

  it('treats an install of other file versions as out of date', () => {
    const { registry, files } = setup();
    install(registry, 'alpha', files, {
      version: '0.9.0',
      files: files.map((f) => ({ name: f.name, sha256: '0'.repeat(64), bytes: f.content.length })),
    });
    const error = caught(() => registry.resolveModelFile('alpha', 'tiny.onnx'));
    expect(error.code).toBe('model_not_installed');
    expect(error.message).toContain('needs updating (installed 0.9.0, this version uses 1.0.0)');
    expect(registry.status('alpha')).toMatchObject({
      state: 'outdated',
      installedVersion: '0.9.0',
      ready: false,
    });
  });

  it('refuses unknown packs and files with not_found', () => {
    const { registry } = setup();
    expect(caught(() => registry.resolveModelFile('gamma', 'x.onnx')).code).toBe('not_found');
    const error = caught(() => registry.resolveModelFile('alpha', 'other.onnx'));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('has no file "other.onnx"');
  });
});

describe('status and counts', () => {
  it('reports where each pack is available', () => {
    const { registry, files, modelsDir } = setup();
    expect(registry.list().map((s) => [s.id, s.state, s.inModelsDir, s.ready])).toEqual([
      ['alpha', 'not_installed', false, false],
      ['beta', 'not_installed', false, false],
    ]);
    install(registry, 'alpha', files);
    writeFiles(modelsDir, fixtureFiles(counter + 100));
    expect(registry.list().map((s) => [s.id, s.state, s.inModelsDir, s.ready])).toEqual([
      ['alpha', 'installed', false, true],
      ['beta', 'not_installed', true, true],
    ]);
    expect(registry.status('alpha').bytes).toBe(files.reduce((n, f) => n + f.content.length, 0));
  });

  it('counts installed packs by their install record, skipping staging and strays', () => {
    const { registry, files } = setup();
    expect(registry.installedPackCount()).toBe(0);
    install(registry, 'alpha', files);
    fs.mkdirSync(path.join(registry.stagingRoot(), 'alpha-123'), { recursive: true });
    fs.mkdirSync(path.join(registry.installRoot, 'half-copied'), { recursive: true });
    fs.mkdirSync(path.join(registry.installRoot, 'garbled'), { recursive: true });
    fs.writeFileSync(path.join(registry.installRoot, 'garbled', INSTALLED_RECORD), '{');
    expect(registry.installedPackCount()).toBe(1);
  });
});

describe('defaultManifestsDir', () => {
  it("is the repo's models/ folder unless TAPEHOUSE_MANIFESTS_DIR says otherwise", () => {
    const repo = defaultManifestsDir({});
    expect(path.basename(repo)).toBe('models');
    expect(fs.existsSync(path.join(repo, 'basic-pitch.json'))).toBe(true);
    expect(defaultManifestsDir({ TAPEHOUSE_MANIFESTS_DIR: temp.dir })).toBe(temp.dir);
  });
});
