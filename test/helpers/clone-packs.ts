/**
 * Voice-cloning packs for the tests: the real manifests of PocketTTS and ZipVoice
 * (models/pocket-tts-en.json, models/zipvoice-distill-zh-en.json) with generated models of the
 * published signatures in place of the weights (engine/src/features/voices/cloning/generated/),
 * published on a model mirror (test/helpers/model-mirror.ts) at their real URLs — the Hub's
 * listing of each pinned commit included — so the real installer downloads and verifies them as
 * it would the real packs. A manifests folder holds every other real manifest too, so the engine
 * sees the catalog a user sees.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  writeGeneratedPocketPack,
  writeGeneratedZipvoicePack,
  writeManifest,
  type GeneratedPack,
} from '../../engine/src/features/voices/cloning/generated/generated-clone-packs.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { ROOT } from './engine.ts';
import { startModelMirror, type ModelMirror } from './model-mirror.ts';

/** A copy of the repo's manifests folder, with `packs`' manifests in place of the real ones. */
export function manifestsWith(dir: string, packs: readonly GeneratedPack[]): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'models')))
    if (name.endsWith('.json'))
      fs.copyFileSync(path.join(ROOT, 'models', name), path.join(dir, name));
  for (const pack of packs) writeManifest(dir, pack.manifest);
  return dir;
}

export interface PublishedClonePacks {
  pocket: GeneratedPack;
  zipvoice: GeneratedPack;
  /** The manifests folder for a registry or an engine. */
  manifests: string;
}

/** Generates both packs under `dir` and publishes every download on `mirror`. */
export async function publishClonePacks(
  dir: string,
  mirror: ModelMirror,
): Promise<PublishedClonePacks> {
  const pocket = writeGeneratedPocketPack(path.join(dir, 'pocket-source'));
  const zipvoice = await writeGeneratedZipvoicePack(path.join(dir, 'zipvoice-source'));
  for (const pack of [pocket, zipvoice])
    for (const [url, file] of pack.downloads) mirror.publish(url, { file });
  const manifests = manifestsWith(path.join(dir, 'manifests'), [pocket, zipvoice]);
  return { pocket, zipvoice, manifests };
}

/**
 * Generates, publishes and installs both packs into `home` through a mirror of their own (for
 * tests that need the packs installed, not the install).
 */
export async function installClonePacks(dir: string, home: string): Promise<PublishedClonePacks> {
  const mirror = await startModelMirror(path.join(dir, 'mirror'));
  try {
    const packs = await publishClonePacks(dir, mirror);
    fs.mkdirSync(home, { recursive: true });
    const registry = new ModelRegistry(
      { home, modelsDir: null },
      { manifestsDir: packs.manifests },
    );
    for (const pack of [packs.pocket, packs.zipvoice])
      await installPack(registry, pack.manifest.id, { mirror: mirror.url });
    return packs;
  } finally {
    await mirror.close();
  }
}
