/**
 * The in-app model manager: what the studio's Models page and first-run setup list and do. A
 * thin layer over the same installer `npm run models` uses (inference/model-install.ts), so a
 * pack installed from the studio is byte-for-byte what the command line installs. Installs and
 * verifies run as jobs (model-jobs.ts) so the studio follows them on the one job event stream;
 * removal is quick and answers at once. The capability status (inference/capability-status.ts)
 * is computed here for /health, the model list and the setup.
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
  capabilityStatuses,
  installOrder,
  type CapabilityStatus,
  type PackFacts,
} from '../../../inference/capability-status.ts';
import type { Capability } from '../../../inference/model-capabilities.ts';
import { checkDiskSpace, freeBytes } from '../../../inference/model-disk.ts';
import {
  bytesStillNeeded,
  installPack,
  requireLicence,
  type InstallOptions,
  type InstallResult,
} from '../../../inference/model-install.ts';
import type { ModelManifest } from '../../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import { removePack, verifyPack, type VerifyResult } from '../../../inference/model-verify.ts';
import type { Machine } from '../../../inference/pack-recommendations.ts';
import type { ModelInstallConfig } from '../../../model-config.ts';
import type { PackView, setupGoals } from './model-schema.ts';
import { packView } from './pack-view.ts';

const verificationSchema = z.object({ at: z.string(), ok: z.boolean(), version: z.string() });
export type Verification = z.infer<typeof verificationSchema>;

export type SetupGoal = (typeof setupGoals)[number];

/** What each first-run answer is for, as capabilities (docs/api/models.md, "First-run setup"). */
const GOALS: Record<SetupGoal, Capability[]> = {
  // The language model reads a book's speakers, splits and directs its lines.
  narrate: ['natural-voices', 'language-model'],
  music: ['stems', 'midi', 'noise-reduction'],
  transcribe: ['transcription', 'diarization'],
  all: [
    'natural-voices',
    'language-model',
    'transcription',
    'diarization',
    'stems',
    'midi',
    'noise-reduction',
  ],
};

export interface ManagerDeps {
  registry: ModelRegistry;
  settings: ModelInstallConfig;
  machine: () => Machine;
  /** The model_install job installing a pack now, if any (the jobs table). */
  activeInstall: (packId: string) => number | null;
}

export class ModelManager {
  private readonly registry: ModelRegistry;
  private readonly configuredBy = new Map<Capability, () => string | null>();

  constructor(private readonly deps: ManagerDeps) {
    this.registry = deps.registry;
  }

  list(): PackView[] {
    return this.registry.manifests().map((manifest) => this.view(manifest.id));
  }

  view(packId: string): PackView {
    return packView(this.registry, packId, {
      last_verified: this.readVerification(packId),
      install_job_id: this.deps.activeInstall(packId),
    });
  }

  facts(): PackFacts {
    const ready = new Map(this.registry.list().map((s) => [s.id, s.ready]));
    return { manifests: this.registry.manifests(), ready: (id) => ready.get(id) === true };
  }

  /**
   * An area above this one says when a capability is ready without a pack (the language area:
   * the owner's own model file or chat server), in plain words for the status message.
   */
  registerConfigured(capability: Capability, source: () => string | null): void {
    this.configuredBy.set(capability, source);
  }

  capabilities(ffmpeg: boolean): CapabilityStatus[] {
    return capabilityStatuses(this.facts(), {
      ffmpeg,
      machine: this.deps.machine(),
      configured: (capability) => this.configuredBy.get(capability)?.() ?? null,
    });
  }

  disk(): { free_bytes: number; reserve_bytes: number } {
    return {
      free_bytes: freeBytes(this.registry.installRoot),
      reserve_bytes: this.deps.settings.diskReserveBytes,
    };
  }

  /** The first-run answer: capabilities for the goal and the packs one click would install. */
  setup(goal: SetupGoal, ffmpeg: boolean) {
    const wanted = new Set(GOALS[goal]);
    const capabilities = this.capabilities(ffmpeg).filter((c) => wanted.has(c.id));
    const ids = [...new Set(capabilities.flatMap((c) => c.install))];
    const packs = ids.map((id) => this.view(id));
    const machine = this.deps.machine();
    return {
      goal,
      machine: { cores: machine.cores, memory_bytes: machine.memoryBytes, gpu: machine.gpu },
      disk: this.disk(),
      capabilities,
      packs,
      bytes: packs.reduce((sum, p) => sum + p.bytes, 0),
    };
  }

  /** Throws not_found for an unknown id, before a job is queued for it. */
  requireKnown(packId: string): void {
    this.registry.manifest(packId);
  }

  /**
   * What installing `packId` installs, requirements first: the packs it requires that are not
   * ready, and itself unless it is installed in the data folder already (or `force`).
   */
  installPlan(packId: string, force: boolean): string[] {
    const requirements = installOrder(this.facts(), packId).filter((id) => id !== packId);
    const installed = this.registry.status(packId).state === 'installed';
    return installed && !force ? requirements : [...requirements, packId];
  }

  manifestFiles(packId: string): ModelManifest['files'] {
    return this.registry.manifest(packId).files;
  }

  /**
   * What the install route checks before queueing a job, so a script gets the answer at once:
   * licence acknowledged (400), no install of it running (409), room on disk (507).
   */
  precheck(packId: string, options: { acceptLicence: boolean; force: boolean }): void {
    const plan = this.installPlan(packId, options.force);
    for (const id of plan) requireLicence(this.registry.manifest(id), options.acceptLicence);
    for (const id of plan) {
      const job = this.deps.activeInstall(id);
      if (job !== null) {
        throw new AppError(
          'conflict',
          `The pack “${this.registry.manifest(id).title}” is already being installed.`,
          {
            details: { pack: id, job_id: job },
          },
        );
      }
    }
    const needed = plan.reduce(
      (sum, id) => sum + bytesStillNeeded(this.registry, this.registry.manifest(id), false),
      0,
    );
    const title = this.registry.manifest(packId).title;
    checkDiskSpace(
      this.registry.installRoot,
      needed,
      this.deps.settings.diskReserveBytes,
      `“${title}”`,
    );
  }

  async install(packId: string, options: InstallOptions): Promise<InstallResult> {
    const result = await installPack(this.registry, packId, {
      mirror: this.deps.settings.mirror,
      diskReserveBytes: this.deps.settings.diskReserveBytes,
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
