/**
 * Voice design routes (document 3, "Voices": POST /voice/design and /voice/design/publish;
 * docs/api/voices-custom.md, "Voice design").
 */
import { defineRoute } from '../../../api/route.ts';
import type { Principal } from '../../../api/principal.ts';
import { createdVoiceSchema } from '../custom/custom-schemas.ts';
import {
  designRequestSchema,
  designResponseSchema,
  publishRequestSchema,
} from './design-schemas.ts';

function ownerOf(principal: Principal | null): string {
  return principal?.userId ?? '';
}

/** The request's own origin (already checked by the host guard), for absolute preview URLs. */
function originOf(headers: Record<string, string | undefined>): string {
  return `http://${headers.host ?? '127.0.0.1'}`;
}

export const designRoutes = [
  defineRoute({
    method: 'post',
    path: '/voice/design',
    summary: 'Design a voice from a description: 1–3 previews (250 credits each)',
    tag: 'voices',
    auth: 'user',
    scope: 'voices:write',
    body: designRequestSchema,
    bodyKind: 'json',
    response: designResponseSchema,
    errors: [
      'unauthorized',
      'forbidden',
      'validation_error',
      'insufficient_credits',
      'PREMIUM_TIER_REQUIRED',
      'ffmpeg_unavailable',
      'model_not_installed',
    ],
    handler: ({ principal, body, headers }, services) =>
      services.voices.design.design(ownerOf(principal), body, originOf(headers)),
  }),
  defineRoute({
    method: 'post',
    path: '/voice/design/publish',
    summary: 'Keep a design preview as one of your custom voices (free)',
    tag: 'voices',
    auth: 'user',
    scope: 'voices:write',
    body: publishRequestSchema,
    bodyKind: 'json',
    response: createdVoiceSchema,
    status: 201,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'not_found'],
    handler: ({ principal, body }, services) =>
      services.voices.design.publish(ownerOf(principal), body),
  }),
];
