/**
 * GET /downloads/{token}: serves the file a signed URL names (url-signer.ts). No credential: the
 * signature is the permission, as with the hosted service's presigned storage URLs.
 */
import { z } from 'zod';
import { FileReply } from '../../../api/reply.ts';
import { defineRoute } from '../../../api/route.ts';

export const downloadRoutes = [
  defineRoute({
    method: 'get',
    path: '/downloads/{token}',
    summary: 'Download a file through a signed, expiring URL (no credential)',
    tag: 'files',
    auth: 'none',
    params: z.object({ token: z.string().min(1).max(4096) }),
    query: z.object({
      expires: z.coerce.number().int().positive(),
      signature: z.string().min(1).max(200),
    }),
    produces: 'file',
    errors: ['validation_error', 'forbidden', 'gone'],
    handler: ({ params, query }, services) => {
      const file = services.urls.verify(params.token, query.expires, query.signature);
      return new FileReply(file.path, file.contentType, file.filename);
    },
  }),
];
