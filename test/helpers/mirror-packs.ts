/**
 * Committed packs served by a test mirror (./model-mirror.ts) at their real URLs: each file of
 * `models/<id>.json` is published where the mirror serves its public URL, with real bytes where
 * this machine has them and the manifest's digest matches (TAPEHOUSE_MODELS_DIR: the Whisper
 * tokens, Silero VAD), and otherwise with a generated model of the family's published signature
 * (an archive is rebuilt as .tar.bz2 with the same member paths). The manifest written for the
 * test keeps every name, path, URL, member and `hubVerified` flag of the committed one and
 * carries the served bytes' digests, so an install goes through exactly the committed layout.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  readManifestFile,
  type ModelFile,
  type ModelManifest,
} from '../../engine/src/inference/model-manifest.ts';
import { ROOT } from './engine.ts';
import type { ModelMirror } from './model-mirror.ts';

/** Bytes (or a file) to serve for a file or archive member, by its pack name. */
export type Generated = Record<string, Buffer | { file: string }>;

function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

function contentOf(item: Buffer | { file: string }): Buffer {
  return Buffer.isBuffer(item) ? item : fs.readFileSync(item.file);
}

/** The real file under TAPEHOUSE_MODELS_DIR when it is there with the pinned digest. */
function realCopy(relative: string, digest: string | undefined): Buffer | null {
  const dir = process.env.TAPEHOUSE_MODELS_DIR;
  if (!dir || digest === undefined) return null;
  const file = path.join(dir, ...relative.split('/'));
  if (!fs.existsSync(file)) return null;
  const content = fs.readFileSync(file);
  return sha256(content) === digest ? content : null;
}

function pick(generated: Generated, name: string, relative: string, digest?: string): Buffer {
  const given = generated[name];
  if (given !== undefined) return contentOf(given);
  const real = realCopy(relative, digest);
  if (real !== null) return real;
  throw new Error(
    `mirror-packs: no bytes for ${name} (generate it, or put it in TAPEHOUSE_MODELS_DIR)`,
  );
}

/** The archive rebuilt with the same member paths, and the member entries with their digests. */
function rebuildArchive(
  file: ModelFile,
  generated: Generated,
  work: string,
): { archive: Buffer; extract: NonNullable<ModelFile['extract']> } {
  const root = fs.mkdtempSync(path.join(work, 'archive-'));
  const extract = (file.extract ?? []).map((member) => {
    const content = pick(generated, member.name, member.path, member.sha256);
    const target = path.join(root, ...member.member.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    return { ...member, sha256: sha256(content), bytes: content.length };
  });
  const out = path.join(root, file.name);
  const tops = [...new Set((file.extract ?? []).map((m) => m.member.split('/')[0] ?? ''))];
  execFileSync('tar', ['-cjf', out, '-C', root, ...tops]);
  return { archive: fs.readFileSync(out), extract };
}

/**
 * Publishes pack `id` on `mirror` and writes its test manifest into `manifestsDir`. `work` is a
 * scratch folder for rebuilt archives.
 */
export function publishPack(
  mirror: ModelMirror,
  manifestsDir: string,
  id: string,
  generated: Generated,
  work: string,
): ModelManifest {
  const committed = readManifestFile(path.join(ROOT, 'models', `${id}.json`));
  const files = committed.files.map((file): ModelFile => {
    if (file.extract) {
      const { archive, extract } = rebuildArchive(file, generated, work);
      mirror.publish(file.url, archive);
      const { digestEvidence: _evidence, ...rest } = file;
      return { ...rest, sha256: sha256(archive), bytes: archive.length, extract };
    }
    const content = pick(generated, file.name, file.path, file.sha256);
    mirror.publish(file.url, content);
    if (file.sha256 !== undefined && sha256(content) === file.sha256) return file;
    const { digestEvidence: _evidence, md5: _md5, ...rest } = file;
    return {
      ...rest,
      ...(file.sha256 !== undefined && { sha256: sha256(content) }),
      ...(file.md5 !== undefined && { md5: createHash('md5').update(content).digest('hex') }),
      ...(file.bytes !== undefined && { bytes: content.length }),
    };
  });
  const manifest: ModelManifest = { ...committed, files };
  fs.mkdirSync(manifestsDir, { recursive: true });
  writeManifestFile(manifestsDir, manifest);
  return manifest;
}

function writeManifestFile(dir: string, manifest: ModelManifest): void {
  fs.writeFileSync(path.join(dir, `${manifest.id}.json`), JSON.stringify(manifest, null, 2));
}

/** A manifests folder holding every committed manifest (tests then overwrite what they serve). */
export function committedManifests(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'models'))) {
    if (name.endsWith('.json'))
      fs.copyFileSync(path.join(ROOT, 'models', name), path.join(dir, name));
  }
  return dir;
}
