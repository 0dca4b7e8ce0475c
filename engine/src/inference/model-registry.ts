/**
 * Which model packs exist (the manifests in models/), which are installed in the data dir
 * (`<home>/models/<id>/`), and where each model file is on this machine.
 *
 * Lookup order for a file: `config.modelsDir/<file.path>` (TAPEHOUSE_MODELS_DIR: CI and evals
 * use ../shared/models), then the installed pack. A job never downloads: a missing file is a
 * `model_not_installed` error naming the command that installs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import {
  INSTALLED_RECORD,
  loadManifests,
  packBytes,
  packEntries,
  type ModelManifest,
  type PackEntry,
} from './model-manifest.ts';
import { installOrder } from './capability-status.ts';
import { capabilityOf } from './model-manifest.ts';
import { readRecord, recordVouches, type InstalledRecord } from './model-record.ts';

export type { InstalledRecord } from './model-record.ts';

/** installed: every file present with the manifest's hash; outdated: an older install. */
export type InstallState = 'installed' | 'outdated' | 'not_installed';

export interface PackStatus {
  id: string;
  task: string;
  capability: string;
  /** Installing asks for the licence to be acknowledged. */
  nonCommercial: boolean;
  version: string;
  title: string;
  licence: string;
  bytes: number;
  state: InstallState;
  installedVersion: string | null;
  /** Every file is present (right size) under config.modelsDir. */
  inModelsDir: boolean;
  /** Every file resolves, from either place: jobs using this pack can run. */
  ready: boolean;
}

export function installCommand(packId: string): string {
  return `npm run models -- install ${packId}`;
}

/** The repo's models/ folder: the nearest ancestor of this file holding package.json. */
function repoModelsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'models');
    const parent = path.dirname(dir);
    if (parent === dir) throw new AppError('internal_error', 'cannot locate the models/ folder');
    dir = parent;
  }
}

/** TAPEHOUSE_MANIFESTS_DIR (tests, packaged app) or the repo's models/ folder. */
export function defaultManifestsDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.TAPEHOUSE_MANIFESTS_DIR?.trim();
  return fromEnv ? path.resolve(fromEnv) : repoModelsDir();
}

export interface ModelRegistryOptions {
  /** Folder of `<id>.json` manifests; default defaultManifestsDir(). */
  manifestsDir?: string;
}

export class ModelRegistry {
  readonly home: string;
  /** config.modelsDir: searched before installed packs. */
  readonly modelsDir: string | null;
  readonly manifestsDir: string;
  /** `<home>/models`: one folder per installed pack, plus .staging for installs in progress. */
  readonly installRoot: string;
  private loaded: ModelManifest[] | null = null;

  constructor(
    config: Pick<EngineConfig, 'home' | 'modelsDir'>,
    options: ModelRegistryOptions = {},
  ) {
    this.home = config.home;
    this.modelsDir = config.modelsDir;
    this.manifestsDir = options.manifestsDir ?? defaultManifestsDir();
    this.installRoot = path.join(config.home, 'models');
  }

  /** Every manifest, validated once; a bad one throws validation_error naming the file. */
  manifests(): ModelManifest[] {
    this.loaded ??= loadManifests(this.manifestsDir);
    return this.loaded;
  }

  manifest(packId: string): ModelManifest {
    const found = this.manifests().find((m) => m.id === packId);
    if (found === undefined) {
      const known = this.manifests().map((m) => m.id);
      throw new AppError(
        'not_found',
        `unknown model pack "${packId}"; known: ${known.join(', ')}`,
        {
          details: { pack: packId, known },
        },
      );
    }
    return found;
  }

  packDir(packId: string): string {
    return path.join(this.installRoot, packId);
  }

  stagingRoot(): string {
    return path.join(this.installRoot, '.staging');
  }

  /**
   * Empties `.staging` at start: installs (and removals) a killed engine left half done. Nothing
   * in it is ever a pack (a pack only counts once renamed out), so all of it goes; a
   * `npm run models` install started on the same data folder while the engine starts loses its
   * staging and fails cleanly (it is retried).
   */
  sweepStaging(): void {
    const root = this.stagingRoot();
    if (!fs.existsSync(root)) return;
    for (const name of fs.readdirSync(root))
      fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }

  /** The install record, or null when the pack folder or its record is missing or unreadable. */
  readInstalled(packId: string): InstalledRecord | null {
    return readRecord(path.join(this.packDir(packId), INSTALLED_RECORD));
  }

  status(packId: string): PackStatus {
    return this.statusOf(this.manifest(packId));
  }

  list(): PackStatus[] {
    return this.manifests().map((m) => this.statusOf(m));
  }

  /**
   * Absolute path of one file of a pack, from TAPEHOUSE_MODELS_DIR or the installed pack.
   * Throws model_not_installed (with the install command) when neither has it.
   */
  resolveModelFile(packId: string, fileName: string): string {
    const manifest = this.manifest(packId);
    const entries = packEntries(manifest);
    const file = entries.find((f) => f.name === fileName);
    if (file === undefined) {
      throw new AppError('not_found', `model pack "${packId}" has no file "${fileName}"`, {
        details: { pack: packId, file: fileName, files: entries.map((f) => f.name) },
      });
    }
    const external = this.externalPath(file);
    if (external !== null) return external;
    const record = this.readInstalled(packId);
    const installed = this.installedPath(packId, file, record);
    if (installed !== null) return installed;
    const command = installCommand(packId);
    const why =
      record === null
        ? 'is not installed'
        : `needs updating (installed ${record.version}, this version uses ${manifest.version})`;
    // Plain words for the studio; scripts read details.command (docs/api/models.md).
    throw new AppError(
      'model_not_installed',
      `The “${manifest.title}” pack ${why}. Install it on the Models page.`,
      {
        details: {
          capability: capabilityOf(manifest),
          pack: packId,
          file: fileName,
          install: installOrder(
            { manifests: this.manifests(), ready: (id) => this.status(id).ready },
            packId,
          ),
          command,
        },
      },
    );
  }

  /** Packs installed in the data dir with a readable record (manifests not needed: health). */
  installedPackCount(): number {
    if (!fs.existsSync(this.installRoot)) return 0;
    return fs
      .readdirSync(this.installRoot, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .filter((entry) => this.readInstalled(entry.name) !== null).length;
  }

  private statusOf(manifest: ModelManifest): PackStatus {
    const record = this.readInstalled(manifest.id);
    const entries = packEntries(manifest);
    const installedOk = entries.every((f) => this.installedPath(manifest.id, f, record) !== null);
    const external = entries.map((f) => this.externalPath(f) !== null);
    const state: InstallState = installedOk ? 'installed' : record ? 'outdated' : 'not_installed';
    return {
      id: manifest.id,
      task: manifest.task,
      capability: capabilityOf(manifest),
      nonCommercial: manifest.nonCommercial === true,
      version: manifest.version,
      title: manifest.title,
      licence: manifest.licence,
      bytes: packBytes(manifest),
      state,
      installedVersion: record?.version ?? null,
      inModelsDir: external.every(Boolean),
      ready:
        installedOk ||
        entries.every(
          (f, i) => external[i] === true || this.installedPath(manifest.id, f, record) !== null,
        ),
    };
  }

  /** The file under config.modelsDir when present (with the manifest's size where it gives one). */
  private externalPath(file: PackEntry): string | null {
    if (this.modelsDir === null) return null;
    const candidate = path.join(this.modelsDir, ...file.path.split('/'));
    return sizeIs(candidate, file.bytes) ? candidate : null;
  }

  /** The installed copy when the record vouches for this exact file (same sha256) and size fits. */
  private installedPath(
    packId: string,
    file: PackEntry,
    record: InstalledRecord | null,
  ): string | null {
    if (record === null) return null;
    const entry = record.files.find((f) => f.name === file.name);
    if (entry === undefined) return null;
    if (!recordVouches(entry, file)) return null;
    const candidate = path.join(this.packDir(packId), file.name);
    return sizeIs(candidate, file.bytes ?? entry.bytes) ? candidate : null;
  }
}

function sizeIs(file: string, bytes: number | null): boolean {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() && (bytes === null || stat.size === bytes);
  } catch {
    return false;
  }
}
