/**
 * Generates docs/api/openapi.json from the route table. The committed file is checked in CI
 * (`npm run openapi:check`), so the docs can never describe a route the engine does not serve.
 */
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';
import { answeredErrors, type AnyRoute, type RemovedRoute } from './route.ts';

type Json = Record<string, unknown>;

interface Components {
  schemas: Record<string, Json>;
}

function rewriteRefs(node: unknown, suffix: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, suffix));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')) {
      out[key] = `#/components/schemas/${value.slice('#/$defs/'.length)}${suffix}`;
    } else {
      out[key] = rewriteRefs(value, suffix);
    }
  }
  return out;
}

/** Converts a zod schema, hoisting named sub-schemas into components. */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): Json {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json;
  const suffix = io === 'input' ? 'Input' : '';
  const defs = (json.$defs ?? {}) as Record<string, Json>;
  delete json.$defs;
  delete json.$schema;
  for (const [name, def] of Object.entries(defs)) {
    components.schemas[`${name}${suffix}`] = rewriteRefs(def, suffix) as Json;
  }
  return rewriteRefs(json, suffix) as Json;
}

function parameters(route: AnyRoute, components: Components): Json[] {
  const out: Json[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query'): void => {
    if (!schema) return;
    const json = toSchema(schema, 'input', components);
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: property,
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  return out;
}

const errorResponse = { $ref: '#/components/schemas/Error' };

function responses(route: AnyRoute, components: Components): Json {
  const out: Json = {};
  const status = String(route.status ?? 200);
  if (route.produces === 'sse') {
    out['200'] = {
      description: 'Event stream',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  } else if (route.produces === 'html') {
    out['200'] = {
      description: 'HTML page',
      content: { 'text/html': { schema: { type: 'string' } } },
    };
  } else if (route.produces === 'file') {
    out['200'] = {
      description: 'File',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  } else if (status === '204') {
    out['204'] = { description: 'No content' };
  } else {
    out[status] = {
      description: 'Success',
      content: {
        'application/json': {
          schema: route.response ? toSchema(route.response, 'output', components) : {},
        },
      },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  const answered = answeredErrors(route);
  // Every write may meet another program's database lock (api/middleware/write-gate.ts).
  const errors: ErrorCode[] =
    route.method === 'get' || answered.includes('database_busy')
      ? answered
      : [...answered, 'database_busy'];
  for (const code of errors) {
    const list = byStatus.get(ERROR_STATUS[code]) ?? [];
    list.push(code);
    byStatus.set(ERROR_STATUS[code], list);
  }
  for (const [code, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(code)] = {
      description: `Error codes: ${names.join(', ')}`,
      content: {
        'application/json': {
          schema:
            route.errorShape === 'openai'
              ? { $ref: '#/components/schemas/OpenAIError' }
              : errorResponse,
        },
      },
    };
  }
  return out;
}

function requestBody(route: AnyRoute, components: Components): Json | undefined {
  if (route.bodyKind === 'raw') {
    // A raw body with a schema is a multipart upload: the schema names its parts.
    const schema = route.body
      ? toSchema(route.body, 'input', components)
      : { type: 'string', format: 'binary' };
    return {
      required: true,
      content: Object.fromEntries(
        (route.rawTypes ?? ['application/octet-stream']).map((t) => [t, { schema }]),
      ),
    };
  }
  if (!route.body) return undefined;
  const schema = toSchema(route.body, 'input', components);
  const content: Json = { 'application/json': { schema } };
  if (route.bodyKind === 'form' || route.bodyKind === 'fields')
    content['application/x-www-form-urlencoded'] = { schema };
  if (route.bodyKind === 'fields') content['multipart/form-data'] = { schema };
  return { required: true, content };
}

export function buildOpenApi(
  routes: readonly AnyRoute[],
  removed: readonly RemovedRoute[],
  version: string,
): Json {
  const components: Components = {
    schemas: {
      Error: {
        type: 'object',
        description:
          'Error body of every native route. `code` is from a closed set (docs/api/errors.md).',
        properties: {
          detail: { type: 'string' },
          code: { type: 'string', enum: Object.keys(ERROR_STATUS) },
        },
        required: ['detail', 'code'],
      },
      OpenAIError: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              type: { type: 'string' },
              param: { type: ['string', 'null'] },
              code: { type: ['string', 'null'] },
              details: {
                type: 'object',
                description:
                  'Only on 503 model_not_installed (capability, pack, install, command) and 507 insufficient_storage.',
              },
            },
            required: ['message', 'type', 'param', 'code'],
          },
        },
        required: ['error'],
      },
    },
  };
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const operation: Json = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}_${route.path
        .replace(/[{}]/g, '')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .replace(/^_|_$/g, '')}`,
      security:
        route.auth === 'none'
          ? []
          : route.auth === 'bearer'
            ? [{ bearer: [] }]
            : [{ bearer: [] }, { apiKey: [] }],
      parameters: parameters(route, components),
      responses: responses(route, components),
    };
    if (route.scope) operation['x-required-scope'] = route.scope;
    if (route.issues) operation['x-issues'] = route.issues;
    if (route.rateLimit) {
      operation['x-rate-limit'] = {
        limit: route.rateLimit.limit,
        window_seconds: route.rateLimit.windowSeconds,
        per: 'ip',
      };
    }
    const body = requestBody(route, components);
    if (body) operation.requestBody = body;
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method]: operation };
  }
  for (const route of removed) {
    paths[route.path] = {
      ...(paths[route.path] ?? {}),
      [route.method]: {
        summary: `Removed: use ${route.replacement}`,
        tags: [route.tag],
        deprecated: true,
        operationId: `removed_${route.method}_${route.path
          .replace(/[{}]/g, '')
          .replace(/[^A-Za-z0-9]+/g, '_')
          .replace(/^_|_$/g, '')}`,
        responses: {
          '410': {
            description: 'Gone',
            content: { 'application/json': { schema: errorResponse } },
          },
        },
      },
    };
  }
  const sortedPaths = Object.fromEntries(
    Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)),
  );
  const sortedSchemas = Object.fromEntries(
    Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tapehouse engine API',
      version,
      description:
        'The platform contract served by the local Tapehouse engine. Generated from engine/src/api/route-table.ts.',
    },
    servers: [{ url: 'http://127.0.0.1:7341/api/v1' }],
    paths: sortedPaths,
    components: {
      schemas: sortedSchemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Access token (JWT), studio token, or an API key',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
  };
}
