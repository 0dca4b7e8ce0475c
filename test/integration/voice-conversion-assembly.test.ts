// The OpenVoice V2 conversion pack installed through the model mirror (TAPEHOUSE_MODEL_MIRROR)
// at the published repository's paths: the checkpoint and config are verified (pinned sha256
// and the Hub's listing of the commit), the ONNX graphs are assembled at install from the
// project's template and their sha256 checked against the manifest and recorded; verify re-checks
// them. A checkpoint with the wrong digest, or an assembled file with another digest, is refused
// and nothing is left installed. The checkpoint is a random one of the published layout written
// by the project's own code (generated-openvoice-pack.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGeneratedConversionPack } from '../../engine/src/features/voices/conversion/generated-openvoice-pack.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import type { InstalledRecord } from '../../engine/src/inference/model-record.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { verifyPack } from '../../engine/src/inference/model-verify.ts';
import { startModelMirror, type ModelMirror } from '../helpers/model-mirror.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { sha256 } from './models-fixtures.ts';

const temp = makeTempDir('tapehouse-openvoice-');
const BASE =
  'https://huggingface.co/myshell-ai/OpenVoiceV2/resolve/f36e7edfe1684461a8343844af60babc2efbb727';
let mirror: ModelMirror;
let pack: ReturnType<typeof writeGeneratedConversionPack>;
const CHECKPOINT = `${BASE}/converter/checkpoint.pth`;

function registryWith(manifest: object, name: string): ModelRegistry {
  const manifests = path.join(temp.dir, `manifests-${name}`);
  fs.mkdirSync(manifests, { recursive: true });
  fs.writeFileSync(path.join(manifests, 'openvoice-test.json'), JSON.stringify(manifest));
  return new ModelRegistry(
    { home: path.join(temp.dir, `home-${name}`), modelsDir: null },
    { manifestsDir: manifests },
  );
}

function leftovers(registry: ModelRegistry): string[] {
  const staging = registry.stagingRoot();
  return [
    ...(fs.existsSync(registry.packDir('openvoice-test')) ? ['pack folder'] : []),
    ...(fs.existsSync(staging) ? fs.readdirSync(staging) : []),
  ];
}

beforeAll(async () => {
  mirror = await startModelMirror(path.join(temp.dir, 'mirror'));
  pack = writeGeneratedConversionPack(path.join(temp.dir, 'source'), 'openvoice-test', {
    urlBase: `${BASE}`,
  });
  for (const f of pack.manifest.files) {
    (f as { hubVerified?: boolean }).hubVerified = true;
    mirror.publish(f.url, { file: path.join(pack.source, ...f.path.split('/')) });
  }
}, 60_000);

afterAll(async () => {
  await mirror.close();
  temp.cleanup();
});

describe('OpenVoice V2 pack assembled at install', () => {
  it('verifies the checkpoint, assembles both graphs and records their sha256', async () => {
    const registry = registryWith(pack.manifest, 'ok');
    const result = await installPack(registry, 'openvoice-test', { mirror: mirror.url });
    expect(result.status).toBe('installed');
    const record = registry.readInstalled('openvoice-test') as InstalledRecord;
    for (const out of pack.manifest.assemble.outputs) {
      const file = registry.resolveModelFile('openvoice-test', out.name);
      expect(sha256(fs.readFileSync(file)), out.name).toBe(out.sha256);
      const entry = record.files.find((f) => f.name === out.name);
      expect(entry?.sha256).toBe(out.sha256);
      expect(entry?.assembled).toMatch(/^openvoice-v2@1 from [0-9a-f]{64},[0-9a-f]{64}$/);
    }
    const checkpoint = record.files.find((f) => f.name === 'checkpoint.pth');
    expect(checkpoint?.verified?.map((v) => v.method)).toEqual(
      expect.arrayContaining(['sha256', 'hub-lfs-sha256']),
    );
    expect((await verifyPack(registry, 'openvoice-test')).ok).toBe(true);
    // A changed assembled file fails verify.
    fs.appendFileSync(registry.resolveModelFile('openvoice-test', 'converter.onnx'), 'x');
    expect((await verifyPack(registry, 'openvoice-test')).ok).toBe(false);
  }, 120_000);

  it('refuses a checkpoint with the wrong digest and leaves nothing installed', async () => {
    const registry = registryWith(pack.manifest, 'corrupt');
    mirror.corrupt(CHECKPOINT);
    try {
      await expect(
        installPack(registry, 'openvoice-test', { mirror: mirror.url }),
      ).rejects.toThrow();
    } finally {
      mirror.restore(CHECKPOINT);
    }
    expect(registry.status('openvoice-test').ready).toBe(false);
    expect(leftovers(registry)).toEqual([]);
  }, 120_000);

  it('refuses an assembled file whose digest differs from the pin, leaving nothing', async () => {
    const pinned = JSON.parse(JSON.stringify(pack.manifest)) as typeof pack.manifest;
    const converter = pinned.assemble.outputs[0];
    if (converter) converter.sha256 = '0'.repeat(64);
    const registry = registryWith(pinned, 'pin');
    await expect(installPack(registry, 'openvoice-test', { mirror: mirror.url })).rejects.toThrow(
      /assembled converter.onnx has sha256 [0-9a-f]{64}, expected 0{64}/,
    );
    expect(leftovers(registry)).toEqual([]);
  }, 120_000);
});
