/**
 * Typed requests over the engine's contract (./contract.gen.ts, generated from the engine's
 * route table by `npm run contract`): `api.get('/audiobook/projects/{project_id}', {params})`
 * checks the path, the params, the query and the body against the route, and answers the
 * route's response type. A route the engine renames, or a field it changes, fails the studio's
 * typecheck.
 *
 * Transport-neutral: each client brings its own `Transport` (which credential, which origin),
 * so the studio token, an access token with renewal, or a test's fake fetch all fit.
 */
import type { Contract } from './contract.gen.ts';
import { readJson, queryString, type Query } from './request.ts';

export type { Contract, Schemas } from './contract.gen.ts';

export type Method = keyof Contract;
export type PathOf<M extends Method> = keyof Contract[M] & string;
export type RouteOf<M extends Method, P extends PathOf<M>> = Contract[M][P];

type Field<R, K extends string> = R extends { [key in K]: infer T } ? T : undefined;

/** The path parameters of a route (`{project_id}` → `{ project_id: string }`). */
export type ParamsOf<M extends Method, P extends PathOf<M>> = Field<RouteOf<M, P>, 'params'>;
export type QueryOf<M extends Method, P extends PathOf<M>> = Field<RouteOf<M, P>, 'query'>;
/** The body as sent (the zod input: defaults optional). */
export type BodyOf<M extends Method, P extends PathOf<M>> = Field<RouteOf<M, P>, 'body'>;
/** The JSON answer (the zod output); `void` for routes that answer no JSON. */
export type ResponseOf<M extends Method, P extends PathOf<M>> =
  RouteOf<M, P> extends { response: infer T } ? T : void;

type ParamsOption<R> = R extends { params: infer P } ? { params: P } : { params?: undefined };
type QueryOption<R> = R extends { query: infer Q } ? { query?: Q } : { query?: undefined };
/**
 * JSON routes take `json` (required when the body has required fields); `fields` routes also
 * take a multipart `FormData` as `body`; `form` routes take urlencoded `form` fields. A `raw`
 * route reads its own body (bytes, multipart, or JSON the handler parses): its `body` schema
 * only documents multipart fields, so its `json` is not typed from it.
 */
type BodyOption<R> = R extends { bodyKind: 'form' }
  ? { form: Record<string, string> }
  : R extends { bodyKind: 'raw' }
    ? { json?: unknown; body?: FormData | Blob }
    : R extends { bodyKind: 'fields' }
      ? { json?: Field<R, 'body'>; body?: FormData }
      : R extends { body: infer B }
        ? object extends B
          ? { json?: B }
          : { json: B }
        : { json?: undefined };

export type CallOptions<M extends Method, P extends PathOf<M>> = ParamsOption<RouteOf<M, P>> &
  QueryOption<RouteOf<M, P>> &
  BodyOption<RouteOf<M, P>> & {
    signal?: AbortSignal | undefined;
    headers?: Record<string, string>;
  };

/** One request as a transport sends it: the path is under /api/v1, filled and with its query. */
export interface ContractRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData | Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** Sends one request and answers a checked (2xx) response, or throws an ApiError. */
export type Transport = (request: ContractRequest) => Promise<Response>;

/** `/projects/{project_id}` + `{project_id: 'a b'}` → `/projects/a%20b`. */
export function fillPath(template: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${template}: the path parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

type Caller<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...options: object extends CallOptions<M, P> ? [CallOptions<M, P>?] : [CallOptions<M, P>]
) => Promise<ResponseOf<M, P>>;

type Sender = <M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...options: object extends CallOptions<M, P> ? [CallOptions<M, P>?] : [CallOptions<M, P>]
) => Promise<Response>;

export interface ContractApi {
  get: Caller<'get'>;
  post: Caller<'post'>;
  put: Caller<'put'>;
  patch: Caller<'patch'>;
  delete: Caller<'delete'>;
  /** The checked Response itself, for answers read by headers or as bytes. */
  send: Sender;
}

interface LooseOptions {
  params?: object;
  query?: object;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData | Blob;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

export function contractApi(transport: Transport): ContractApi {
  const send = (method: Method, template: string, options: LooseOptions = {}) =>
    transport({
      method: method.toUpperCase() as ContractRequest['method'],
      path: fillPath(template, options.params) + queryString(options.query as Query | undefined),
      json: options.json,
      form: options.form,
      body: options.body,
      headers: options.headers,
      signal: options.signal,
    });
  const call =
    (method: Method) =>
    async (template: string, options?: LooseOptions): Promise<unknown> => {
      const response = await send(method, template, options);
      // A 204 (or any answer without a body) has nothing to read.
      if (response.status === 204) return undefined;
      return readJson(response, `${method.toUpperCase()} ${template}`);
    };
  return {
    get: call('get') as Caller<'get'>,
    post: call('post') as Caller<'post'>,
    put: call('put') as Caller<'put'>,
    patch: call('patch') as Caller<'patch'>,
    delete: call('delete') as Caller<'delete'>,
    send: ((method: Method, template: string, options?: LooseOptions) =>
      send(method, template, options)) as Sender,
  };
}
