// The route table the authorization matrix is generated from (engine/src/api/route-table.ts,
// auth-matrix.test.ts): every credentialed route has a scope, is listed in docs/api/scopes.md,
// and has an owner-resource maker for each id in its path (test/helpers/auth-matrix-setup.ts),
// so a new route is covered by the matrix automatically.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../engine/src/api/route-table.ts';
import {
  protectedRoutes,
  OWNED_RESOURCE_MAKERS,
  pathParams,
} from '../helpers/auth-matrix-setup.ts';

describe('the route table', () => {
  it('has credentialed routes to check', () => {
    expect(protectedRoutes.length).toBeGreaterThan(15);
  });

  it('gives every route that accepts API keys a scope (docs/api/scopes.md)', () => {
    const unscoped = protectedRoutes
      .filter((r) => r.auth === 'user' && r.scope === undefined)
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(unscoped).toEqual([]);
  });

  it('lists every credentialed route with its auth and scope in docs/api/scopes.md', () => {
    const doc = fs.readFileSync(new URL('../../docs/api/scopes.md', import.meta.url), 'utf8');
    const documented = new Set(
      [
        ...doc.matchAll(
          /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (\w+)[^|]*\| ([^|]+) \|$/gm,
        ),
      ].map((m) => `${m[1]} ${m[2]} ${m[3]} ${(m[4] ?? '').trim().replace(/`/g, '')}`),
    );
    const missing = protectedRoutes
      .map((r) => `${r.method.toUpperCase()} ${r.path} ${r.auth} ${r.scope ?? '—'}`)
      .filter((row) => !documented.has(row));
    expect(missing).toEqual([]);
  });

  it('declares rate_limit_exceeded on every rate-limited row', () => {
    const undeclared = routeTable
      .filter((r) => r.rateLimit && !r.errors.includes('rate_limit_exceeded'))
      .map((r) => r.path);
    expect(undeclared).toEqual([]);
  });

  it('has an owner-resource maker for every path parameter of a credentialed route', () => {
    const missing = protectedRoutes.flatMap((r) =>
      pathParams(r)
        .filter((name) => !(name in OWNED_RESOURCE_MAKERS))
        .map((name) => `${r.path} {${name}}`),
    );
    expect(missing).toEqual([]);
  });
});
