/**
 * What the Models page (and scripts) see of one pack: the manifest's plain-language facts, the
 * install state, and what the install verified and where from (docs/api/models.md, routes).
 */
import { capabilityOf } from '../../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { PackVerificationView, PackView } from './model-schema.ts';

export function verificationOf(registry: ModelRegistry, packId: string): PackVerificationView[] {
  const record = registry.readInstalled(packId);
  if (record === null) return [];
  return record.files.map((file) => ({
    file: file.name,
    origin: file.origin ?? null,
    checks: (file.verified ?? []).map((check) => ({
      method: check.method,
      from: check.from,
      evidence: check.evidence ?? null,
    })),
  }));
}

export function packView(
  registry: ModelRegistry,
  packId: string,
  extra: Pick<PackView, 'last_verified' | 'install_job_id'>,
): PackView {
  const status = registry.status(packId);
  const manifest = registry.manifest(packId);
  const record = registry.readInstalled(packId);
  return {
    id: status.id,
    task: status.task,
    capability: capabilityOf(manifest),
    title: status.title,
    purpose: manifest.purpose ?? null,
    description: manifest.description,
    version: status.version,
    licence: status.licence,
    licence_url: manifest.licenceUrl ?? null,
    non_commercial: manifest.nonCommercial === true,
    licence_accepted_at: record?.licenceAccepted?.at ?? null,
    requires: manifest.requires ?? [],
    bytes: status.bytes,
    state: status.state,
    installed_version: status.installedVersion,
    in_models_dir: status.inModelsDir,
    ready: status.ready,
    removable: record !== null,
    verification: verificationOf(registry, packId),
    ...extra,
  };
}
