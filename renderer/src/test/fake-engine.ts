/**
 * The engine as a component test sees it: a fetch that answers the contract's routes from the
 * handlers a test gives, each typed by its route (`'GET /voice/voice-profiles'` must answer that
 * route's response type), so a fixture that drifts from the engine fails the typecheck. Every
 * request is recorded; a request no handler covers fails the test loudly (404 plus the list).
 */
import type { Method, PathOf, ResponseOf } from '../api/contract.ts';

export interface FakeRequest {
  method: string;
  /** The route template the request matched. */
  route: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, the FormData, or null. */
  body: unknown;
}

type Handler<R> = (request: FakeRequest) => R | Promise<R>;

type RoutesOf<M extends Method> = {
  [P in PathOf<M> as `${Uppercase<M>} ${P}`]?: Handler<ResponseOf<M, P>>;
};

export type FakeRoutes = RoutesOf<'get'> &
  RoutesOf<'post'> &
  RoutesOf<'put'> &
  RoutesOf<'patch'> &
  RoutesOf<'delete'>;

function templateRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{([A-Za-z0-9_]+)\\?\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { regex: new RegExp(`^${pattern}$`), names };
}

export interface FakeEngine {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  requests: FakeRequest[];
}

export function fakeEngine(routes: FakeRoutes): FakeEngine {
  const table = Object.entries(routes as Record<string, Handler<unknown>>).map(([key, handler]) => {
    const [method, template] = key.split(' ') as [string, string];
    return { method, template, handler, ...templateRegex(template) };
  });
  const requests: FakeRequest[] = [];
  const fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input, 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init.method ?? 'GET').toUpperCase();
    for (const row of table) {
      const match = row.method === method ? row.regex.exec(path) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        row.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      const body =
        typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
      const request = { method, route: row.template, params, query: url.searchParams, body };
      requests.push(request);
      const answer = await row.handler(request);
      return answer === undefined
        ? new Response(null, { status: 204 })
        : new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
    }
    const known = table.map((row) => `${row.method} ${row.template}`).join(', ');
    return new Response(
      JSON.stringify({
        code: 'not_found',
        detail: `fake engine: no route for ${method} ${path} (has ${known})`,
      }),
      { status: 404, headers: { 'content-type': 'application/json' } },
    );
  };
  return { fetch, requests };
}
