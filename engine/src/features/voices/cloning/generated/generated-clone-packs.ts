/**
 * Generated stand-ins of the real cloning packs (tests): the files of models/pocket-tts-en.json
 * and models/zipvoice-distill-zh-en.json with the same names, paths, URLs and archive layout,
 * holding generated models of the published signatures (pocket-graphs.ts, zipvoice-graphs.ts)
 * instead of weights. The manifest returned is the real one with the generated files' sizes and
 * digests, so a test installs it the way a user installs the real pack (from a folder laid out
 * by `path`, or from a mirror serving `url`s) and sherpa-onnx runs what got installed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultManifestsDir } from '../../../../inference/model-registry.ts';
import { readManifestFile, type ModelManifest } from '../../../../inference/model-manifest.ts';
import { hashTree } from '../../../../inference/model-tree.ts';
import { writeEspeakData } from './espeak-data.ts';
import {
  pocketDecoder,
  pocketEncoder,
  pocketLmFlow,
  pocketLmMain,
  pocketTextConditioner,
} from './pocket-graphs.ts';
import { pocketVocabulary } from './pocket-tokenizer.ts';
import { vocosVocoder, zipvoiceFlowDecoder, zipvoiceTextEncoder } from './zipvoice-graphs.ts';
import { zipvoiceLexicon, zipvoiceTokens } from './zipvoice-frontend.ts';

export const POCKET_PACK = 'pocket-tts-en';
export const ZIPVOICE_PACK = 'zipvoice-distill-zh-en';

export interface GeneratedPack {
  /** The real manifest with the generated files' sizes and digests. */
  manifest: ModelManifest;
  /** The folder `install --from` reads: every download at its manifest `path`. */
  source: string;
  /** Download URL → file under `source` (what a mirror serves). */
  downloads: Map<string, string>;
}

function realManifest(id: string): ModelManifest {
  return readManifestFile(path.join(defaultManifestsDir({}), `${id}.json`));
}

function digestOf(file: string): { sha256: string; bytes: number } {
  const bytes = fs.readFileSync(file);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
}

function place(source: string, relative: string, content: Uint8Array | string): string {
  const file = path.join(source, ...relative.split('/'));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

function pocketContent(name: string): Uint8Array | string {
  const vocabulary = pocketVocabulary();
  switch (name) {
    case 'lm_main.int8.onnx':
      return pocketLmMain();
    case 'lm_flow.int8.onnx':
      return pocketLmFlow();
    case 'encoder.onnx':
      return pocketEncoder();
    case 'decoder.onnx':
      return pocketDecoder();
    case 'text_conditioner.onnx':
      return pocketTextConditioner(vocabulary.size);
    case 'vocab.json':
      return JSON.stringify(vocabulary.vocab);
    case 'token_scores.json':
      return JSON.stringify(vocabulary.scores);
    default:
      throw new Error(`no generated content for ${name}`);
  }
}

/** The PocketTTS pack (`id` renames it, e.g. for a second pack in one test). */
export function writeGeneratedPocketPack(source: string, id = POCKET_PACK): GeneratedPack {
  const real = realManifest(POCKET_PACK);
  const downloads = new Map<string, string>();
  const files = real.files.map((file) => {
    const written = place(source, file.path, pocketContent(file.name));
    downloads.set(file.url, written);
    return { ...file, ...digestOf(written) };
  });
  return { manifest: { ...real, id, files }, source, downloads };
}

function zipvoiceMember(name: string): Uint8Array | string {
  switch (name) {
    case 'encoder.int8.onnx':
      return zipvoiceTextEncoder();
    case 'decoder.int8.onnx':
      return zipvoiceFlowDecoder();
    case 'tokens.txt':
      return zipvoiceTokens();
    case 'lexicon.txt':
      return zipvoiceLexicon();
    default:
      throw new Error(`no generated content for ${name}`);
  }
}

/** The ZipVoice pack: a .tar.bz2 of the release's layout (made with the system's tar) + Vocos. */
export async function writeGeneratedZipvoicePack(
  source: string,
  id = ZIPVOICE_PACK,
): Promise<GeneratedPack> {
  const real = realManifest(ZIPVOICE_PACK);
  const downloads = new Map<string, string>();
  const files = [];
  for (const file of real.files) {
    if (!file.extract) {
      const written = place(source, file.path, vocosVocoder());
      downloads.set(file.url, written);
      files.push({ ...file, ...digestOf(written) });
      continue;
    }
    const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-zipvoice-'));
    try {
      const members = [];
      for (const member of file.extract) {
        const target = path.join(staging, ...member.member.split('/'));
        if (member.folder) {
          writeEspeakData(target);
          const tree = await hashTree(target, member.name);
          members.push({ ...member, sha256: tree.sha256, bytes: tree.bytes });
        } else {
          place(staging, member.member, zipvoiceMember(member.name));
          members.push({ ...member, ...digestOf(target) });
        }
      }
      const archive = path.join(source, ...file.path.split('/'));
      fs.mkdirSync(path.dirname(archive), { recursive: true });
      const root = file.extract[0]?.member.split('/')[0] ?? '.';
      execFileSync('tar', ['-cjf', archive, '-C', staging, root]);
      downloads.set(file.url, archive);
      files.push({ ...file, ...digestOf(archive), extract: members });
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  return { manifest: { ...real, id, files }, source, downloads };
}

/** Writes `manifest` as `<dir>/<id>.json` (a test's manifests folder). */
export function writeManifest(dir: string, manifest: ModelManifest): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${manifest.id}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
}
