// The authorization matrix, generated from THE route table (engine/src/api/route-table.ts):
// every route that needs a credential is tried with no credential, a malformed header, an
// unknown token, an expired access token, a revoked API key and an API key without the route's
// scope; routes with an id in the path are tried on another user's resource. A route added to
// the table is covered automatically, and auth-matrix-table.test.ts fails until an id-bearing
// route has an owner-resource maker in test/helpers/auth-matrix-setup.ts (ARCHITECTURE.md,
// Tests: every route × credentials).
import { describe, expect, it } from 'vitest';
import { bearer } from '../helpers/accounts.ts';
import {
  protectedRoutes,
  alice,
  bob,
  creds,
  scopedKeys,
  aliceOwns,
  PUBLIC_PARAMS,
  pathParams,
  call,
  useMatrixEngine,
} from '../helpers/auth-matrix-setup.ts';

useMatrixEngine();

for (const route of protectedRoutes) {
  const label = `${route.method.toUpperCase()} ${route.path} (auth ${route.auth})`;

  describe(label, () => {
    it('no credential → 401', async () => {
      const res = await call(route, {});
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('unauthorized');
    });

    it('malformed Authorization → 401', async () => {
      for (const value of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two tokens']) {
        const res = await call(route, { Authorization: value });
        expect(res.status, value).toBe(401);
      }
    });

    it('unknown token or key → 401', async () => {
      for (const headers of [
        bearer('not-a-known-token'),
        bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'),
        { 'X-API-Key': 'th_unknownkey' },
      ]) {
        expect((await call(route, headers)).status, JSON.stringify(headers)).toBe(401);
      }
    });

    it('expired access token → 401 token_expired', async () => {
      const res = await call(route, bearer(creds.expiredAccess));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('token_expired');
    });

    it('revoked API key → 401, in either header', async () => {
      for (const headers of [{ 'X-API-Key': creds.revokedKey }, bearer(creds.revokedKey)]) {
        expect((await call(route, headers)).status).toBe(401);
      }
    });

    it('API key without the route’s scope → 403', async () => {
      const res = await call(route, { 'X-API-Key': creds.unscopedKey });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
      if (route.auth === 'user' && route.errorShape === 'openai')
        expect(String(res.body.message)).toContain(`"${route.scope}"`);
      else if (route.auth === 'user') expect(res.body.required_scope).toBe(route.scope);
    });

    if (route.auth === 'user') {
      it(`API key with exactly "${route.scope}" gets past auth`, async () => {
        const key = scopedKeys.get(route.scope ?? '') ?? '';
        const res = await call(route, { 'X-API-Key': key });
        expect([401, 403]).not.toContain(res.status);
      });
    }

    if (pathParams(route).some((name) => !PUBLIC_PARAMS.has(name))) {
      it('another user’s resource → 404', async () => {
        const res = await call(route, bearer(bob.tokens.access_token), aliceOwns);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
        if (route.method === 'get') {
          // …and it is there for its owner, so the 404 is about ownership, not existence.
          const own = await call(route, bearer(alice.tokens.access_token), aliceOwns);
          expect(own.status).toBe(200);
        }
      });
    }
  });
}
