/**
 * The yt-dlp tool pack, for the machine's owner (studio token) only: what is installed and what
 * runs, install or update it (a `tool_install` job the studio follows), and the preference
 * between the pack and a system yt-dlp (docs/api/media.md, "yt-dlp"). Native routes.
 */
import { z } from 'zod';
import { StatusReply } from '../../../api/reply.ts';
import { callerOf, type Principal } from '../../../api/principal.ts';
import { defineRoute } from '../../../api/route.ts';
import { AppError } from '../../../errors.ts';
import { TOOL_INSTALL_JOB } from './media-jobs.ts';
import {
  toolInstallRequestSchema,
  toolPreferenceSchema,
  toolStatusSchema,
} from './media-schemas.ts';

const TAG = 'media';

function requireOwner(principal: Principal | null): string {
  const caller = callerOf(principal);
  if (caller.kind !== 'studio')
    throw new AppError(
      'forbidden',
      'Tools are managed with the studio token only (the machine’s owner).',
    );
  return caller.userId;
}

export const toolRoutes = [
  defineRoute({
    method: 'get',
    path: '/web/tools/yt-dlp',
    summary: 'yt-dlp: the installed tool pack, the system binary, and what extractions run',
    tag: TAG,
    auth: 'bearer',
    response: toolStatusSchema,
    errors: ['unauthorized', 'forbidden'],
    handler: async ({ principal }, { web }) => {
      requireOwner(principal);
      return web.media.tool.status();
    },
  }),
  defineRoute({
    method: 'post',
    path: '/web/tools/yt-dlp/install',
    summary: 'Install or update yt-dlp (version: latest, a release tag, or the pinned one)',
    tag: TAG,
    auth: 'bearer',
    body: toolInstallRequestSchema,
    response: z.object({ job_id: z.number().int() }),
    status: 202,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: async ({ principal, body }, { jobs }) => {
      const job = await jobs.create(requireOwner(principal), TOOL_INSTALL_JOB, {
        version: body.version ?? null,
      });
      return new StatusReply(202, { job_id: job.id });
    },
  }),
  defineRoute({
    method: 'put',
    path: '/web/tools/yt-dlp',
    summary: 'Choose which yt-dlp runs: auto, pack, system or an absolute path',
    tag: TAG,
    auth: 'bearer',
    body: toolPreferenceSchema,
    response: toolStatusSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error'],
    handler: async ({ principal, body }, { web }) => {
      requireOwner(principal);
      web.media.tool.setPreference(body.preference);
      return web.media.tool.status();
    },
  }),
];
