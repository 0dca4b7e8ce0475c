/**
 * The one "needs a pack" error (docs/api/models.md, "When a pack is missing"): 503
 * `model_not_installed` with a plain-language message (what the user wanted, which pack, where
 * to install it; never a command, folder or file format) and machine-readable details the
 * studio turns into an Install button for that exact pack: `capability`, `pack`, `install`
 * (the pack and what it requires, in install order), `command` (for scripts).
 */
import { AppError } from '../errors.ts';
import { installOrder, mainPacks } from './capability-status.ts';
import type { Capability } from './model-capabilities.ts';
import type { ModelManifest } from './model-manifest.ts';
import { recommendPack, thisMachine } from './pack-recommendations.ts';
import { detectProviders } from './execution-providers.ts';
import { installCommand } from './model-registry.ts';

/** What the error needs of the registry (ModelRegistry fits). */
export interface PackLookup {
  manifests(): ModelManifest[];
  status(id: string): { ready: boolean };
}

/**
 * 503 for `capability` naming `packId` (or, when none is given, the pack this machine is best
 * served by among the capability's packs). `what` starts the sentence: "Transcription",
 * "Speaker labels".
 */
export function packNeeded(
  models: PackLookup,
  capability: Capability,
  what: string,
  packId?: string,
): AppError {
  const manifests = models.manifests();
  const chosen =
    (packId === undefined ? undefined : manifests.find((m) => m.id === packId)) ??
    recommendPack(capability, mainPacks(manifests, capability), thisMachine(detectProviders()));
  if (chosen === null) {
    return new AppError(
      'model_not_installed',
      `${what} needs a pack that this version of Tapehouse does not offer yet.`,
      { details: { capability, pack: null, install: [], command: null } },
    );
  }
  const facts = { manifests, ready: (id: string) => safeReady(models, id) };
  const install = installOrder(facts, chosen.id);
  return new AppError(
    'model_not_installed',
    `${what} needs the “${chosen.title}” pack, which is not installed. Install it on the Models page.`,
    {
      details: {
        capability,
        pack: chosen.id,
        install: install.length > 0 ? install : [chosen.id],
        command: installCommand(chosen.id),
      },
    },
  );
}

function safeReady(models: PackLookup, id: string): boolean {
  try {
    return models.status(id).ready;
  } catch {
    return false;
  }
}
