/**
 * Registers the route table on an express router: auth, scope check, the ownership check, and
 * only then the body (parsed here, or handed to the handler as a stream), zod validation, the
 * handler, then the reply (JSON validated against the row's response schema, SSE, or a file).
 * Handlers never see express objects.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';
import { requireFreeSpace } from '../storage-space.ts';
import { authenticate, refuseKeyOnCredentialRoute } from './authenticate.ts';
import { clientAddress } from './client-address.ts';
import { multipartFields } from './multipart.ts';
import { hasScope } from './principal.ts';
import { isReply, type Reply, type SseChannel } from './reply.ts';
import { toExpressPath, type AnyRoute, type RemovedRoute, type RequestContext } from './route.ts';

const JSON_LIMIT = '2mb';
const SSE_HEARTBEAT_MS = 15_000;

function validate<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    loc: [where, ...issue.path.map(String)],
    msg: issue.message,
  }));
  throw new AppError('validation_error', `Invalid ${where}: ${z.prettifyError(parsed.error)}`, {
    details: { fields },
  });
}

function headersOf(req: Request): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function bodyParsers(route: AnyRoute): express.RequestHandler[] {
  switch (route.bodyKind ?? (route.body ? 'json' : 'none')) {
    case 'json':
      return [express.json({ limit: JSON_LIMIT, strict: false })];
    case 'form':
      return [
        express.urlencoded({ extended: false, limit: JSON_LIMIT }),
        express.json({ limit: JSON_LIMIT }),
      ];
    case 'fields':
      return [
        express.urlencoded({ extended: false, limit: JSON_LIMIT }),
        express.json({ limit: JSON_LIMIT }),
        multipartFields,
      ];
    default:
      return [];
  }
}

function checkRawType(route: AnyRoute, req: Request): void {
  if (route.bodyKind !== 'raw' || !route.rawTypes) return;
  const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const ok = route.rawTypes.some((accepted) =>
    accepted.endsWith('/*') ? type.startsWith(accepted.slice(0, -1)) : type === accepted,
  );
  if (!ok) {
    throw new AppError('unsupported_media_type', `Content-Type "${type}" is not accepted here.`, {
      details: { accepted: route.rawTypes },
    });
  }
}

function openSse(res: Response, reply: Extract<Reply, { kind: 'sse' }>, req: Request): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  const channel: SseChannel = {
    send: (event, data) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment: (text) => {
      res.write(`: ${text}\n\n`);
    },
  };
  channel.comment('connected');
  const heartbeat = setInterval(() => channel.comment('ping'), SSE_HEARTBEAT_MS);
  const unsubscribe = reply.open(channel);
  req.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}

function sendReply(route: AnyRoute, value: unknown, req: Request, res: Response): void {
  if (isReply(value)) {
    if (value.kind === 'sse') return openSse(res, value, req);
    if (value.kind === 'text') {
      res.status(value.status).set(value.headers).type(value.contentType).send(value.body);
      return;
    }
    if (value.kind === 'file') {
      res.setHeader('Content-Type', value.contentType);
      if (value.downloadName) res.attachment(value.downloadName);
      const { onDone } = value;
      if (onDone) res.sendFile(value.path, () => onDone());
      else res.sendFile(value.path);
      return;
    }
    if (value.headers) res.set(value.headers);
    if (value.body === undefined) res.status(value.status).end();
    else res.status(value.status).json(value.body);
    return;
  }
  const status = route.status ?? 200;
  if (status === 204) {
    res.status(204).end();
    return;
  }
  // The response schema is the contract: parse (which also drops undeclared fields) so a
  // handler can never leak a column or drift from docs/api/openapi.json.
  const body = route.response ? route.response.parse(value) : value;
  res.status(status).json(body);
}

/** Runs the row's body parsers (express middleware) in turn, as one awaitable step. */
async function parseBody(route: AnyRoute, req: Request, res: Response): Promise<void> {
  for (const parser of bodyParsers(route)) {
    await new Promise<void>((resolve, reject) => {
      parser(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
    });
  }
}

/**
 * A raw body of known size (uploads) is refused with 507 before a byte is read when the data
 * folder's disk cannot take it (storage-space.ts); chunked ones are caught when a write fails.
 */
function checkRoom(route: AnyRoute, req: Request, services: Services): void {
  if (route.bodyKind !== 'raw') return;
  const declared = Number(req.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > 0) requireFreeSpace(services.config.home, declared);
}

export function registerRoutes(
  router: Router,
  routes: readonly AnyRoute[],
  services: Services,
): void {
  for (const route of routes) {
    router[route.method](toExpressPath(route.path), routeHandler(route, services));
  }
}

/**
 * The rows' `aliases`: extra ABSOLUTE paths (e.g. `/v1/audio/speech`, so OpenAI clients with a
 * `{host}/v1` base URL work), registered on the app itself rather than under /api/v1.
 */
export function registerAliases(
  router: Router,
  routes: readonly AnyRoute[],
  services: Services,
): void {
  for (const route of routes) {
    for (const alias of route.aliases ?? [])
      router[route.method](alias, routeHandler(route, services));
  }
}

function routeHandler(route: AnyRoute, services: Services): express.RequestHandler {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    res.locals.errorShape = route.errorShape ?? 'native';
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client closed the connection'));
    });
    try {
      // Public rows are limited per client address before anything else (the loopback range is
      // one client); credentialed rows per user once the caller is known (document 3's
      // per-account limits), so a refused credential never spends someone's allowance.
      const ip = clientAddress(req.ip ?? '');
      if (route.rateLimit && route.auth === 'none') {
        const key = `${route.method} ${route.path} ${ip}`;
        res.set({ ...services.rateLimiter.hit(key, route.rateLimit, services.clock.now()) });
      }
      const headers = headersOf(req);
      const principal = await authenticate(route.auth, headers, services.credentialResolvers);
      refuseKeyOnCredentialRoute(route.issues, principal);
      if (route.rateLimit && route.auth !== 'none' && principal) {
        const key = `${route.method} ${route.path} user:${principal.userId}`;
        res.set({ ...services.rateLimiter.hit(key, route.rateLimit, services.clock.now()) });
      }
      if (principal && route.auth !== 'none' && !hasScope(principal, route.scope)) {
        throw new AppError('forbidden', `This API key lacks the "${route.scope}" scope.`, {
          details: { required_scope: route.scope },
        });
      }
      const params = validate(route.params, req.params, 'path');
      // Ownership before the body: another user's resource is 404 whatever was sent with it.
      if (route.authorize) await route.authorize({ params, principal }, services);
      checkRawType(route, req);
      checkRoom(route, req, services);
      // Only now is the body read: nothing is parsed for a caller who may not be here.
      await parseBody(route, req, res);
      const ctx: RequestContext<unknown, unknown, unknown> = {
        params,
        query: validate(route.query, req.query, 'query'),
        body: route.bodyKind === 'raw' ? undefined : validate(route.body, req.body ?? {}, 'body'),
        stream: route.bodyKind === 'raw' ? req : null,
        headers,
        principal,
        requestId: String(res.locals.requestId),
        ip,
        signal: controller.signal,
      };
      const value = await route.handler(ctx, services);
      sendReply(route, value, req, res);
    } catch (error) {
      next(error);
    }
  };
}

export function registerRemoved(router: Router, removed: readonly RemovedRoute[]): void {
  for (const route of removed) {
    router[route.method](
      toExpressPath(route.path),
      (_req: Request, _res: Response, next: NextFunction) => {
        next(
          new AppError('gone', `This operation was removed. Use ${route.replacement} instead.`, {
            details: { replacement: route.replacement },
          }),
        );
      },
    );
  }
}
