/**
 * The shape of one row in the route table (api/route-table.ts). Each route declares its method,
 * path, auth, zod schemas and the error codes it may answer; express handlers, request
 * validation and docs/api/openapi.json are all derived from these rows, so they cannot drift.
 */
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import type { Services } from '../services.ts';
import type { Principal } from './principal.ts';
import type { RateLimit } from './rate-limit.ts';
import type { Reply } from './reply.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * `none`: no credential. `user`: any credential (API key, access token, studio token).
 * `bearer`: a session credential only (access token or studio token), never an API key.
 */
export type AuthMode = 'none' | 'user' | 'bearer';

/**
 * How the request body arrives. `raw` hands the handler the byte stream (uploads). `form`: JSON
 * or urlencoded. `fields`: JSON, urlencoded or multipart/form-data fields (file parts are
 * drained and ignored; api/multipart.ts) — for contract routes that take "JSON or form".
 */
export type BodyKind = 'json' | 'form' | 'fields' | 'raw' | 'none';

/** Native routes answer `{detail, code}`; OpenAI-compatible ones `{error: {...}}`. */
export type ErrorShape = 'native' | 'openai';

export interface RequestContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The request body stream, for `bodyKind: 'raw'` routes only. */
  stream: Readable | null;
  headers: Record<string, string | undefined>;
  principal: Principal | null;
  requestId: string;
  ip: string;
  /** Fires when the client goes away; long handlers pass it down. */
  signal: AbortSignal;
}

/** What an `authorize` hook sees: the validated path and the caller, nothing from the body. */
export interface AuthorizeContext<P> {
  params: P;
  principal: Principal | null;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** A row without a response schema (e.g. a 204) may return nothing at all. */
type NoBody<S> = S extends z.ZodType ? never : void;

export interface RouteSpec<
  PS extends Schema | undefined,
  QS extends Schema | undefined,
  BS extends Schema | undefined,
  RS extends Schema | undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path under /api/v1, e.g. `/jobs/{job_id}`. */
  path: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  /** Scope an API key needs (docs/api/scopes.md); `*` keys pass every scope. */
  scope?: string;
  /**
   * `credential`: the row hands out a credential — a session or token pair, an API key, a
   * sign-in link, a way to sign in. Such a row is `bearer` or `none`, never `user`: an API key
   * never mints sessions or keys (docs/api/scopes.md). defineRoute enforces it.
   */
  issues?: 'credential';
  /** Requests per IP per window (document 1, "Limits"); api/register.ts answers 429 beyond it. */
  rateLimit?: RateLimit;
  params?: PS;
  /**
   * Ownership check run after the path is validated and before the query, the body and a raw
   * body's type are: another user's resource answers 404 whatever was sent with it.
   */
  authorize?: (ctx: AuthorizeContext<Out<PS>>, services: Services) => void | Promise<void>;
  query?: QS;
  /** For `raw` bodies: documents the (multipart) fields in openapi.json; not validated here. */
  body?: BS;
  bodyKind?: BodyKind;
  /** Content types a raw body may have (checked after `authorize`, before the handler runs). */
  rawTypes?: string[];
  response?: RS;
  /** Success status for JSON replies (200 unless the row says 201/202/204). */
  status?: 200 | 201 | 202 | 204;
  produces?: 'json' | 'sse' | 'file' | 'html';
  errors: ErrorCode[];
  errorShape?: ErrorShape;
  /** Also serve the row at these extra absolute paths (e.g. `/v1/audio/speech`). */
  aliases?: string[];
  handler: (
    ctx: RequestContext<Out<PS>, Out<QS>, Out<BS>>,
    services: Services,
  ) => Promise<Out<RS> | Reply | NoBody<RS>> | Out<RS> | Reply | NoBody<RS>;
}

/** A route row with its generics erased, as stored in the table. */
export interface AnyRoute {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  scope?: string;
  issues?: 'credential';
  rateLimit?: RateLimit;
  params?: Schema;
  authorize?: (ctx: AuthorizeContext<unknown>, services: Services) => void | Promise<void>;
  query?: Schema;
  body?: Schema;
  bodyKind?: BodyKind;
  rawTypes?: string[];
  response?: Schema;
  status?: 200 | 201 | 202 | 204;
  produces?: 'json' | 'sse' | 'file' | 'html';
  errors: ErrorCode[];
  errorShape?: ErrorShape;
  aliases?: string[];
  handler: (ctx: RequestContext<unknown, unknown, unknown>, services: Services) => unknown;
}

/** Declares a route with full type inference from its schemas. */
export function defineRoute<
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  RS extends Schema | undefined = undefined,
>(spec: RouteSpec<PS, QS, BS, RS>): AnyRoute {
  if (spec.issues === 'credential' && spec.auth === 'user') {
    throw new Error(
      `${spec.method.toUpperCase()} ${spec.path} issues a credential, so an API key may not call ` +
        "it: declare auth 'bearer' (a session credential) or 'none' (docs/api/scopes.md).",
    );
  }
  return spec as unknown as AnyRoute;
}

/** A route the contract removed: the table answers 410 Gone with the replacement. */
export interface RemovedRoute {
  method: HttpMethod;
  path: string;
  replacement: string;
  tag: string;
}

export function removedRoute(
  method: HttpMethod,
  path: string,
  replacement: string,
  tag: string,
): RemovedRoute {
  return { method, path, replacement, tag };
}

/** `/jobs/{job_id}` → `/jobs/:job_id` for express. */
export function toExpressPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * Whether a row accepts multipart/form-data (an upload, or "JSON or form" fields): every such
 * body is parsed by api/multipart.ts. Tests derive the multipart routes from this.
 */
export function takesMultipart(route: AnyRoute): boolean {
  if (route.bodyKind === 'fields') return true;
  return route.bodyKind === 'raw' && (route.rawTypes ?? []).includes('multipart/form-data');
}

/**
 * The codes a row may answer: its own list plus those the HTTP edge adds to every row of its
 * kind (api/register.ts) — a malformed multipart body (400 `bad_request`), and for raw uploads
 * a disk that cannot take them (507 `insufficient_storage`). openapi.json lists these.
 */
export function answeredErrors(route: AnyRoute): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  if (takesMultipart(route)) codes.add('bad_request');
  if (route.bodyKind === 'raw') codes.add('insufficient_storage');
  return [...codes];
}
