/**
 * The in-app model manager: what the studio's Models page lists and does. A thin layer over
 * the same installer `npm run models` uses (inference/model-install.ts), so a pack installed
 * from the studio is byte-for-byte what the command line installs. Installs and verifies run
 * as jobs (model-jobs.ts) so the studio follows them on the one job event stream; removal is
 * quick and answers at once.
 *
 * The last verification of each pack is remembered in `<home>/models/.verified/<id>.json`
 * (a dot folder, so it is never mistaken for a pack) and forgotten when the pack is removed or
 * reinstalled: "verified" always means "these bytes were re-hashed and matched".
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../errors.ts';
import {
  installPack,
  type InstallOptions,
  type InstallResult,
} from '../../../inference/model-install.ts';
import { removePack, verifyPack, type VerifyResult } from '../../../inference/model-verify.ts';
import type { ModelRegistry, PackStatus } from '../../../inference/model-registry.ts';
import type { ModelInstallConfig } from '../../../model-config.ts';

const verificationSchema = z.object({ at: z.string(), ok: z.boolean(), version: z.string() });
export type Verification = z.infer<typeof verificationSchema>;

export interface PackView {
  id: string;
  task: string;
  title: string;
  description: string;
  version: string;
  licence: string;
  bytes: number;
  state: PackStatus['state'];
  installed_version: string | null;
  /** Present in TAPEHOUSE_MODELS_DIR (a shared folder the engine reads but never changes). */
  in_models_dir: boolean;
  /** Every file resolves: features using this pack can run. */
  ready: boolean;
  /** Installed in the data dir, so Remove applies. */
  removable: boolean;
  last_verified: Verification | null;
}

export class ModelManager {
  constructor(
    private readonly registry: ModelRegistry,
    private readonly settings: ModelInstallConfig,
  ) {}

  list(): PackView[] {
    return this.registry.manifests().map((manifest) => this.view(manifest.id));
  }

  view(packId: string): PackView {
    const status = this.registry.status(packId);
    const manifest = this.registry.manifest(packId);
    return {
      id: status.id,
      task: status.task,
      title: status.title,
      description: manifest.description,
      version: status.version,
      licence: status.licence,
      bytes: status.bytes,
      state: status.state,
      installed_version: status.installedVersion,
      in_models_dir: status.inModelsDir,
      ready: status.ready,
      removable: this.registry.readInstalled(packId) !== null,
      last_verified: this.readVerification(packId),
    };
  }

  /** Throws not_found for an unknown id, before a job is queued for it. */
  requireKnown(packId: string): void {
    this.registry.manifest(packId);
  }

  async install(packId: string, options: InstallOptions): Promise<InstallResult> {
    const result = await installPack(this.registry, packId, {
      mirror: this.settings.mirror,
      diskReserveBytes: this.settings.diskReserveBytes,
      ...options,
    });
    if (result.status === 'installed') this.forgetVerification(packId);
    return result;
  }

  async verify(packId: string, options: Parameters<typeof verifyPack>[2]): Promise<VerifyResult> {
    const result = await verifyPack(this.registry, packId, options);
    const record: Verification = {
      at: new Date().toISOString(),
      ok: result.ok,
      version: result.installedVersion,
    };
    fs.mkdirSync(this.verifiedRoot(), { recursive: true });
    fs.writeFileSync(this.verifiedFile(packId), `${JSON.stringify(record)}\n`);
    return result;
  }

  remove(packId: string): { id: string } {
    this.requireKnown(packId);
    if (this.registry.readInstalled(packId) === null) {
      throw new AppError('not_found', `model pack "${packId}" is not installed in the data dir`, {
        details: { pack: packId },
      });
    }
    removePack(this.registry, packId);
    this.forgetVerification(packId);
    return { id: packId };
  }

  private verifiedRoot(): string {
    return path.join(this.registry.installRoot, '.verified');
  }

  private verifiedFile(packId: string): string {
    return path.join(this.verifiedRoot(), `${packId}.json`);
  }

  private readVerification(packId: string): Verification | null {
    try {
      const parsed = verificationSchema.safeParse(
        JSON.parse(fs.readFileSync(this.verifiedFile(packId), 'utf8')),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private forgetVerification(packId: string): void {
    fs.rmSync(this.verifiedFile(packId), { force: true });
  }
}
