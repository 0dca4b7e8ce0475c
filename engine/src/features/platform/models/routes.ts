/**
 * Native model manager routes (ours, not in the contract; docs/api/models.md): list packs,
 * install one (download or local folder) or verify one as a job, remove one. Only the machine's
 * owner may change what the engine runs: these answer 403 to anything but the studio credential.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Principal } from '../../../api/principal.ts';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { packsAvailableIn } from '../../../inference/model-install.ts';
import { toView } from '../../../jobs/job-repo.ts';
import { jobSchema } from '../../../jobs/job-schema.ts';
import type { Services } from '../../../services.ts';
import { MODEL_INSTALL_JOB, MODEL_VERIFY_JOB } from './model-jobs.ts';
import {
  installBodySchema,
  packIdParams,
  packListSchema,
  packViewSchema,
  setupQuerySchema,
  setupSchema,
} from './model-schema.ts';

const TAG = 'models';

function ownerOnly({ principal }: { principal: Principal | null }): void {
  if (principal?.kind !== 'studio') {
    throw new AppError(
      'forbidden',
      'Only the machine’s owner (the studio) may install, verify or remove model packs.',
    );
  }
}

/** A folder install is checked before queueing, so a wrong folder answers 400 at once. */
function checkFolder(services: Services, packId: string, from: string): string {
  if (!path.isAbsolute(from)) {
    throw new AppError('validation_error', `"${from}" is not an absolute folder path`, {
      details: { field: 'from' },
    });
  }
  if (!fs.existsSync(from) || !fs.statSync(from).isDirectory()) {
    throw new AppError('validation_error', `folder to install from does not exist: ${from}`, {
      details: { field: 'from' },
    });
  }
  if (!packsAvailableIn(services.models, from).includes(packId)) {
    const missing = services.models
      .manifest(packId)
      .files.map((f) => f.name)
      .join(', ');
    throw new AppError(
      'validation_error',
      `${from} does not hold every file of "${packId}" (needs ${missing})`,
      { details: { field: 'from', pack: packId } },
    );
  }
  return from;
}

export const modelRoutes = [
  defineRoute({
    method: 'get',
    path: '/model-packs',
    summary: 'Model packs: task, size, licence, installed, ready and last verification',
    tag: TAG,
    auth: 'bearer',
    authorize: ownerOnly,
    response: packListSchema,
    errors: ['unauthorized', 'forbidden'],
    handler: (_ctx, services) => ({
      packs: services.modelManager.list(),
      capabilities: services.modelManager.capabilities(services.ffmpeg.health().status === 'ok'),
      disk: services.modelManager.disk(),
      install_root: services.models.installRoot,
      models_dir: services.models.modelsDir,
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/model-packs/setup',
    summary:
      'First-run setup: the packs to install for a goal on this machine, with sizes and free disk',
    tag: TAG,
    auth: 'bearer',
    authorize: ownerOnly,
    query: setupQuerySchema,
    response: setupSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: ({ query }, services) =>
      services.modelManager.setup(query.goal, services.ffmpeg.health().status === 'ok'),
  }),
  defineRoute({
    method: 'get',
    path: '/model-packs/{pack_id}',
    summary: 'One model pack',
    tag: TAG,
    auth: 'bearer',
    params: packIdParams,
    authorize: ownerOnly,
    response: packViewSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params }, services) => services.modelManager.view(params.pack_id),
  }),
  defineRoute({
    method: 'post',
    path: '/model-packs/{pack_id}/install',
    summary:
      'Install a pack and what it requires (download, or copy from a local folder) as a model_install job',
    tag: TAG,
    auth: 'bearer',
    params: packIdParams,
    authorize: ownerOnly,
    body: installBodySchema,
    response: jobSchema,
    status: 202,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'licence_not_accepted',
      'conflict',
      'insufficient_storage',
    ],
    handler: async ({ params, body, principal }, services) => {
      services.modelManager.requireKnown(params.pack_id);
      const from =
        body.from === undefined ? null : checkFolder(services, params.pack_id, body.from);
      // Licence (400), an install already running (409) and free disk (507) answer at once.
      services.modelManager.precheck(params.pack_id, {
        acceptLicence: body.accept_licence ?? false,
        force: body.force ?? false,
      });
      const row = await services.jobs.create(principal?.userId ?? '', MODEL_INSTALL_JOB, {
        pack_id: params.pack_id,
        from,
        force: body.force ?? false,
        accept_licence: body.accept_licence ?? false,
      });
      return toView(row);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/model-packs/{pack_id}/verify',
    summary: 'Re-hash an installed pack against its manifest as a model_verify job',
    tag: TAG,
    auth: 'bearer',
    params: packIdParams,
    authorize: ownerOnly,
    response: jobSchema,
    status: 202,
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error', 'model_not_installed'],
    handler: async ({ params, principal }, services) => {
      const pack = services.modelManager.view(params.pack_id);
      if (!pack.removable) {
        throw new AppError(
          'model_not_installed',
          `model pack "${params.pack_id}" is not installed in the data dir`,
          { details: { pack: params.pack_id } },
        );
      }
      const row = await services.jobs.create(principal?.userId ?? '', MODEL_VERIFY_JOB, {
        pack_id: params.pack_id,
      });
      return toView(row);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/model-packs/{pack_id}',
    summary: 'Remove an installed pack from the data dir',
    tag: TAG,
    auth: 'bearer',
    params: packIdParams,
    authorize: ownerOnly,
    response: z.object({ id: z.string(), removed: z.literal(true) }),
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
    handler: ({ params }, services) => ({
      ...services.modelManager.remove(params.pack_id),
      removed: true as const,
    }),
  }),
];
