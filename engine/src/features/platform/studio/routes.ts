/**
 * The web studio's sign-in (docs/api/auth.md, "The web studio's sign-in"): a one-time code from
 * a sign-in link becomes a studio session (the machine owner's credential in a browser); the
 * owner mints new links and ends every studio session at once. The codes and the session
 * signing live in api/studio-sessions.ts.
 */
import { z } from 'zod';
import { defineRoute } from '../../../api/route.ts';
import type { Principal } from '../../../api/principal.ts';
import { AppError } from '../../../errors.ts';

const studioSessionSchema = z
  .object({
    session_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    expires_at: z.string(),
  })
  .meta({ id: 'StudioSession' });

function requireOwner(principal: Principal | null): void {
  if (principal?.kind !== 'studio') {
    throw new AppError(
      'forbidden',
      'Only the machine’s owner (the studio token or a studio session) may do this.',
    );
  }
}

export const studioRoutes = [
  defineRoute({
    method: 'post',
    path: '/local/studio-sessions',
    summary:
      'Exchange a sign-in link’s one-time code (or an owner credential) for a studio session token',
    tag: 'local',
    auth: 'none',
    issues: 'credential',
    // Codes are 256-bit, so this is about noise, not guessing.
    rateLimit: { limit: 20, windowSeconds: 60 },
    body: z.object({ code: z.string().max(128).optional() }),
    response: studioSessionSchema,
    status: 201,
    errors: ['unauthorized', 'validation_error', 'rate_limit_exceeded'],
    handler: ({ body, principal }, { studioSessions }) => {
      if (body.code !== undefined) return studioSessions.redeem(body.code);
      if (principal?.kind === 'studio') return studioSessions.mint();
      throw new AppError(
        'unauthorized',
        'Send the code from a sign-in link, or the studio token as Authorization: Bearer.',
      );
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/local/studio-sessions',
    summary: 'Sign every browser out of the studio (ends all studio sessions; owner only)',
    tag: 'local',
    auth: 'bearer',
    status: 204,
    errors: ['unauthorized', 'forbidden'],
    handler: ({ principal }, { studioSessions }) => {
      requireOwner(principal);
      studioSessions.endAll();
    },
  }),
  defineRoute({
    method: 'post',
    path: '/local/login-links',
    summary: 'A new one-time sign-in link for the web studio (owner only)',
    tag: 'local',
    auth: 'bearer',
    issues: 'credential',
    response: z.object({ url: z.string(), expires_in: z.number().int() }),
    status: 201,
    errors: ['unauthorized', 'forbidden'],
    handler: ({ principal, headers }, { studioSessions, config }) => {
      requireOwner(principal);
      const { code, expiresIn } = studioSessions.issueLoginCode();
      // The Host the caller used is one the host guard accepted: a name for this engine.
      const host = headers.host ?? `${config.host}:${config.port}`;
      return { url: `http://${host}/?login=${code}`, expires_in: expiresIn };
    },
  }),
];
