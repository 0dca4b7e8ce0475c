/**
 * Engines with voice-cloning packs for the tests: the real manifests of PocketTTS and ZipVoice
 * (models/pocket-tts-en.json, models/zipvoice-distill-zh-en.json) with generated models of the
 * published signatures in place of the weights (engine/src/features/voices/cloning/generated/),
 * installed by the real installer into the engine's data dir. A manifests folder holds every
 * other real manifest too, so the engine sees the catalog a user sees.
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

/** A copy of the repo's manifests folder, with `packs`' manifests in place of the real ones. */
export function manifestsWith(dir: string, packs: readonly GeneratedPack[]): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'models')))
    if (name.endsWith('.json'))
      fs.copyFileSync(path.join(ROOT, 'models', name), path.join(dir, name));
  for (const pack of packs) writeManifest(dir, pack.manifest);
  return dir;
}

export interface ClonePacks {
  pocket: GeneratedPack;
  zipvoice: GeneratedPack;
  manifests: string;
}

/** Generates both packs under `dir` and installs them into `home` (from their folders). */
export async function installClonePacks(dir: string, home: string): Promise<ClonePacks> {
  const pocket = writeGeneratedPocketPack(path.join(dir, 'pocket-source'));
  const zipvoice = await writeGeneratedZipvoicePack(path.join(dir, 'zipvoice-source'));
  const manifests = manifestsWith(path.join(dir, 'manifests'), [pocket, zipvoice]);
  fs.mkdirSync(home, { recursive: true });
  const registry = new ModelRegistry({ home, modelsDir: null }, { manifestsDir: manifests });
  for (const pack of [pocket, zipvoice])
    await installPack(registry, pack.manifest.id, { from: pack.source });
  return { pocket, zipvoice, manifests };
}
