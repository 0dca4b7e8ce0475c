/**
 * Model packs that ship as archives (the sherpa-onnx segmentation model is a .tar.bz2): the
 * installer checks the archive's digest, unpacks only the named members (checking any digest a
 * manifest states for them), keeps no archive, and the registry and verify treat the members as
 * the pack's files. Also: the real speaker-diarization manifest is valid and names what the
 * transcription code asks for, so the 503's install command works as printed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../engine/src/errors.ts';
import { resolveDiarization } from '../../engine/src/features/speech/transcription/asr-packs.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { verifyPack } from '../../engine/src/inference/model-verify.ts';
import { readManifestFile, type ModelManifest } from '../../engine/src/inference/model-manifest.ts';
import { installCommand, ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { ROOT } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { bytes, sha256, writeManifest } from './models-fixtures.ts';

const temp = makeTempDir('tapehouse-archive-');
const model = bytes(120_000, 5);
let archive: Buffer;

beforeAll(() => {
  const src = path.join(temp.dir, 'src', 'seg-3-0');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(path.join(src, 'model.onnx'), model);
  fs.writeFileSync(path.join(src, 'model.int8.onnx'), bytes(5000, 6));
  fs.writeFileSync(path.join(src, 'LICENSE'), 'MIT\n');
  const out = path.join(temp.dir, 'from', 'seg.tar.bz2');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  execFileSync('tar', ['-cjf', out, '-C', path.join(temp.dir, 'src'), 'seg-3-0']);
  archive = fs.readFileSync(out);
});

afterAll(() => temp.cleanup());

let counter = 0;
function setup(memberSha: string): ModelRegistry {
  counter += 1;
  const root = path.join(temp.dir, `case-${counter}`);
  const manifest: ModelManifest = {
    manifestVersion: 1,
    id: 'seg',
    task: 'speaker-embedding',
    version: '1.0.0',
    title: 'archive pack',
    description: 'test',
    licence: 'MIT',
    source: { page: 'https://example.com' },
    files: [
      {
        name: 'seg.tar.bz2',
        path: 'seg.tar.bz2',
        url: 'https://example.com/seg.tar.bz2',
        sha256: sha256(archive),
        bytes: archive.length,
        digestEvidence: { kind: 'third-party-attestation', url: 'https://example.com/mirror' },
        extract: [
          {
            member: 'seg-3-0/model.onnx',
            name: 'segmentation.onnx',
            path: 'seg/segmentation.onnx',
            sha256: memberSha,
            bytes: model.length,
          },
          { member: 'seg-3-0/LICENSE', name: 'LICENSE', path: 'seg/LICENSE' },
        ],
      },
    ],
  };
  writeManifest(path.join(root, 'manifests'), manifest);
  return new ModelRegistry(
    { home: path.join(root, 'home'), modelsDir: null },
    { manifestsDir: path.join(root, 'manifests') },
  );
}

describe('archive packs', () => {
  it('unpack the named members after the archive digest is checked, keeping no archive', async () => {
    const registry = setup(sha256(model));
    const result = await installPack(registry, 'seg', { from: path.join(temp.dir, 'from') });
    expect(result.status).toBe('installed');
    expect(fs.readdirSync(registry.packDir('seg')).sort()).toEqual([
      'LICENSE',
      'installed.json',
      'segmentation.onnx',
    ]);
    const file = registry.resolveModelFile('seg', 'segmentation.onnx');
    expect(fs.readFileSync(file).equals(model)).toBe(true);
    expect(registry.status('seg')).toMatchObject({ state: 'installed', ready: true });
    expect((await verifyPack(registry, 'seg')).ok).toBe(true);
    // A member altered after install is found by verify, and no longer resolves.
    fs.appendFileSync(file, 'x');
    const verified = await verifyPack(registry, 'seg');
    expect(verified.ok).toBe(false);
    expect(verified.files.find((f) => f.name === 'segmentation.onnx')?.problem).toBe('size');
    expect(() => registry.resolveModelFile('seg', 'segmentation.onnx')).toThrow(AppError);
  });

  it('refuse a member whose digest differs from the manifest, installing nothing', async () => {
    const registry = setup('0'.repeat(64));
    const error = await installPack(registry, 'seg', { from: path.join(temp.dir, 'from') }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/seg-3-0\/model.onnx inside seg.tar.bz2/);
    expect(fs.existsSync(registry.packDir('seg'))).toBe(false);
  });
});

describe('the speaker-diarization manifest', () => {
  it('is valid, marks its third-party digests, and names the files diarization resolves', () => {
    const manifest = readManifestFile(path.join(ROOT, 'models', 'speaker-diarization.json'));
    expect(manifest.files.every((f) => f.digestEvidence?.kind === 'third-party-attestation')).toBe(
      true,
    );
    const archiveFile = manifest.files.find((f) => f.extract);
    expect(archiveFile?.bytes).toBe(6958444);
    // Not installed here: the 503 names the command for this very manifest.
    const registry = new ModelRegistry({ home: path.join(temp.dir, 'empty'), modelsDir: null });
    const error = (() => {
      try {
        resolveDiarization(registry);
        return null;
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error?.code).toBe('model_not_installed');
    expect(error?.details).toMatchObject({
      capability: 'diarization',
      pack: 'speaker-diarization',
      command: installCommand('speaker-diarization'),
    });
    expect(error?.message).toContain('Install it on the Models page');
    expect(registry.manifest('speaker-diarization').id).toBe('speaker-diarization');
    // Once the members are in place, diarization resolves them by the names it asks for.
    const layout = path.join(temp.dir, 'layout');
    for (const member of archiveFile?.extract ?? []) {
      fs.mkdirSync(path.dirname(path.join(layout, member.path)), { recursive: true });
      fs.writeFileSync(path.join(layout, member.path), Buffer.alloc(member.bytes ?? 1));
    }
    const embedding = manifest.files.find((f) => f.name === 'embedding.onnx');
    fs.writeFileSync(path.join(layout, embedding?.path ?? ''), Buffer.alloc(embedding?.bytes ?? 1));
    const present = new ModelRegistry({ home: path.join(temp.dir, 'empty'), modelsDir: layout });
    expect(resolveDiarization(present)).toEqual({
      segmentation: path.join(layout, 'asr', 'speaker-diarization', 'segmentation.onnx'),
      embedding: path.join(layout, 'asr', 'speaker-diarization', 'embedding.onnx'),
    });
  });
});
