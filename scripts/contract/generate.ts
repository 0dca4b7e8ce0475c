/**
 * Writes the studio's contract types from the engine's route table: for every route (method +
 * path) its path params, query, body and response types, one file per route tag
 * (`contract/<tag>.gen.ts`), the named schemas in `contract/named.gen.ts`, and the index
 * `contract.gen.ts` that joins them into one `Contract` interface.
 *
 * - A schema exported by a zod-only schema module is named, not copied:
 *   `z.output<typeof midi_midiSchema.midiJobSchema>` through a type-only namespace import, so a
 *   changed field breaks the renderer's typecheck at once, before the files are regenerated.
 * - Any other schema is printed from its JSON Schema (`z.toJSONSchema`), with the zod-only
 *   schemas inside it still named; `.meta({id})` schemas become named types.
 * - Path params and queries are always printed (from the input side): their zod schemas coerce
 *   strings, whose zod input type is `unknown`, while the studio sends numbers and booleans.
 *
 * Import paths are computed from where the modules are now, so re-running after the engine's
 * files move fixes them. Texts are formatted with the project's Prettier settings.
 */
import path from 'node:path';
import prettier from 'prettier';
import { z } from 'zod';
import { printType, propertyKey, type JsonSchema } from './json-schema-ts.ts';
import { indexSchemas, type SchemaExport, type SchemaModule } from './schema-modules.ts';

/** The fields of an engine route row this generator reads (api/route.ts `AnyRoute`). */
export interface ContractRoute {
  method: string;
  path: string;
  tag?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind?: string;
  response?: z.ZodType;
  status?: number;
  produces?: string;
}

export interface GenerateOptions {
  routes: readonly ContractRoute[];
  schemaModules: readonly SchemaModule[];
  /** The index file; the per-tag files go in `contract/` beside it. */
  outFile: string;
  /** Folder the import aliases are named from (the engine's source root). */
  aliasRoot: string;
  /** Named in the headers, e.g. `engine/src/api/route-table.ts`. */
  source: string;
}

/** File path (absolute) → text. */
export type ContractFiles = Map<string, string>;

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const REF_PREFIX = '#/$defs/';
const IMPORT_TOKEN = '__contract_import_';
const NAMED = 'named';
const SCHEMAS = 'schemas';

type Io = 'input' | 'output';
type Meta = Record<string, unknown>;

/**
 * Metadata lookup for `z.toJSONSchema`: zod-only exports get a placeholder id (so they become
 * `$ref`s the printer turns into imports); everything else keeps its global `.meta()`, without
 * the id where ids are not wanted.
 */
class LookupRegistry extends z.core.$ZodRegistry<Meta> {
  constructor(
    private readonly tokens: ReadonlyMap<z.core.$ZodType, string>,
    private readonly keepIds: boolean,
  ) {
    super();
  }

  override get(schema: z.core.$ZodType): Meta | undefined {
    const token = this.tokens.get(schema);
    if (token !== undefined) return { id: token };
    const meta = z.globalRegistry.get(schema) as Meta | undefined;
    if (!meta || this.keepIds || !('id' in meta)) return meta;
    const { id: _id, ...rest } = meta;
    return Object.keys(rest).length > 0 ? rest : undefined;
  }
}

/** `features/midi/midi-schema.ts` → `midi_midiSchema`: readable and unique per file. */
export function aliasFor(file: string, root: string): string {
  return path
    .relative(root, file)
    .replace(/\.ts$/, '')
    .split(path.sep)
    .filter((segment, index) => !(index === 0 && segment === 'features'))
    .map((segment) => segment.replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase()))
    .join('_');
}

/** `stem-extraction` → `stemExtraction`, for file names and type names. */
function camel(text: string): string {
  return text.replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());
}

function importPath(from: string, to: string): string {
  const relative = path.relative(path.dirname(from), to).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** What one generated file refers to: engine modules (by file) and named types. */
class Usage {
  readonly files = new Set<string>();
  readonly names = new Set<string>();
}

class ContractWriter {
  private readonly index: Map<z.ZodType, SchemaExport>;
  private readonly tokens = new Map<z.core.$ZodType, string>();
  private readonly tokenTargets = new Map<string, SchemaExport>();
  private readonly aliases = new Map<string, string>();
  private readonly named = new Map<string, string>();
  private readonly namedUsage = new Usage();

  constructor(private readonly options: GenerateOptions) {
    this.index = indexSchemas(options.schemaModules);
    for (const [schema, target] of this.index) {
      const token = `${IMPORT_TOKEN}${this.tokens.size}`;
      this.tokens.set(schema, token);
      this.tokenTargets.set(token, target);
    }
    // Aliases are fixed up front (by path) so they never depend on which route came first.
    for (const file of [...new Set([...this.index.values()].map((target) => target.file))].sort()) {
      const base = aliasFor(file, options.aliasRoot);
      const taken = new Set(this.aliases.values());
      let alias = base;
      for (let n = 2; taken.has(alias); n++) alias = `${base}${n}`;
      this.aliases.set(file, alias);
    }
  }

  private reference(target: SchemaExport, io: Io, usage: Usage): string {
    usage.files.add(target.file);
    return `z.${io}<typeof ${this.aliases.get(target.file)!}.${target.exportName}>`;
  }

  /** The TypeScript type of `schema` as sent (`input`) or as answered (`output`). */
  typeOf(schema: z.ZodType, io: Io, linked: boolean, usage: Usage): string {
    const direct = linked ? this.index.get(schema) : undefined;
    if (direct) return this.reference(direct, io, usage);
    const json = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      metadata: new LookupRegistry(linked ? this.tokens : new Map(), linked),
    }) as Record<string, unknown>;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    const resolver =
      (user: Usage) =>
      (pointer: string): string => {
        if (!pointer.startsWith(REF_PREFIX)) {
          throw new Error(`unsupported $ref ${pointer} (recursive schemas are not printed)`);
        }
        const id = pointer.slice(REF_PREFIX.length).replace(/~1/g, '/').replace(/~0/g, '~');
        const target = this.tokenTargets.get(id);
        if (target) return this.reference(target, io, user);
        const def = defs[id];
        if (def === undefined) throw new Error(`$ref ${pointer} has no definition`);
        const name = `${id.replace(/[^A-Za-z0-9_$]/g, '_')}${io === 'input' ? 'Input' : ''}`;
        this.define(name, printType(def, { ref: resolver(this.namedUsage) }));
        user.names.add(name);
        return name;
      };
    return printType(json as JsonSchema, { ref: resolver(usage) });
  }

  private define(name: string, text: string): void {
    const known = this.named.get(name);
    if (known !== undefined && known !== text) {
      throw new Error(`two different schemas are both named "${name}" (.meta({ id }))`);
    }
    this.named.set(name, text);
  }

  /** One route's entry: only what it has (no params, no body: the key is left out). */
  private routeType(route: ContractRoute, usage: Usage): string {
    const bodyKind = route.bodyKind ?? (route.body ? 'json' : 'none');
    const produces = route.produces ?? 'json';
    const fields: string[] = [];
    if (route.params) fields.push(`params: ${this.typeOf(route.params, 'input', false, usage)};`);
    if (route.query) fields.push(`query: ${this.typeOf(route.query, 'input', false, usage)};`);
    if (route.body) fields.push(`body: ${this.typeOf(route.body, 'input', true, usage)};`);
    if (bodyKind !== 'json' && bodyKind !== 'none') fields.push(`bodyKind: '${bodyKind}';`);
    if (produces !== 'json') fields.push(`produces: '${produces}';`);
    else if (route.response) {
      fields.push(`response: ${this.typeOf(route.response, 'output', true, usage)};`);
    }
    // The success status, where it is not 200 (and always for a route with nothing else).
    const status = route.status ?? 200;
    if (status !== 200 || fields.length === 0) fields.push(`status: ${status};`);
    return `{\n${fields.join('\n')}\n}`;
  }

  private imports(file: string, usage: Usage, namedFile: string | null): string[] {
    const lines = [...usage.files]
      .sort()
      .map(
        (engineFile) =>
          `import type * as ${this.aliases.get(engineFile)!} from '${importPath(file, engineFile)}';`,
      );
    if (usage.files.size > 0) lines.unshift("import type { z } from 'zod';");
    if (namedFile && usage.names.size > 0) {
      const names = [...usage.names].sort().join(', ');
      lines.push(`import type { ${names} } from '${importPath(file, namedFile)}';`);
    }
    return lines;
  }

  private header(what: string): string[] {
    return [
      `// ${what}`,
      `// Generated by \`npm run contract\` from ${this.options.source}: do not edit.`,
      '// `npm run contract:check` (part of `npm test`) fails when this file is stale.',
    ];
  }

  /**
   * Every schema a zod-only module exports, as answered: for wire values the route table does
   * not describe (the event stream's jobs, a job's `result`). Keyed by export name, or by
   * `alias.name` where two modules export different schemas under one name.
   */
  private schemasText(file: string): string {
    const usage = new Usage();
    const owners = new Map<string, Set<z.ZodType>>();
    for (const module of this.options.schemaModules) {
      for (const [name, schema] of module.exports) {
        owners.set(name, (owners.get(name) ?? new Set()).add(schema));
      }
    }
    const entries: string[] = [];
    for (const [, target] of [...this.index].sort(([, a], [, b]) =>
      `${a.exportName}\0${a.file}`.localeCompare(`${b.exportName}\0${b.file}`),
    )) {
      const shared = owners.get(target.exportName)!.size > 1;
      const key = shared
        ? `${this.aliases.get(target.file)!}.${target.exportName}`
        : target.exportName;
      entries.push(`${propertyKey(key)}: ${this.reference(target, 'output', usage)};`);
    }
    return [
      ...this.header('Every schema the zod-only engine modules export, as the engine answers it.'),
      ...this.imports(file, usage, null),
      '',
      `export interface Schemas {\n${entries.join('\n')}\n}`,
      '',
    ].join('\n');
  }

  files(): ContractFiles {
    const { outFile } = this.options;
    const dir = path.join(path.dirname(outFile), 'contract');
    const namedFile = path.join(dir, `${NAMED}.gen.ts`);
    const groups = new Map<string, ContractRoute[]>();
    const seen = new Set<string>();
    for (const route of this.options.routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      if (seen.has(key)) throw new Error(`the route table has ${key} twice`);
      if (!(METHODS as readonly string[]).includes(route.method)) {
        throw new Error(`unsupported method in ${key}`);
      }
      seen.add(key);
      const group = camel(route.tag ?? route.path.split('/')[1] ?? 'root');
      if (group === NAMED || group === SCHEMAS) throw new Error(`"${group}" cannot be a route tag`);
      groups.set(group, [...(groups.get(group) ?? []), route]);
    }

    const out: ContractFiles = new Map();
    const present = new Map<string, string[]>();
    const groupNames = [...groups.keys()].sort();
    for (const group of groupNames) {
      const file = path.join(dir, `${group}.gen.ts`);
      const usage = new Usage();
      const methods = METHODS.map((method) => {
        const routes = groups
          .get(group)!
          .filter((route) => route.method === method)
          .sort((a, b) => a.path.localeCompare(b.path));
        const entries = routes.map(
          (route) => `${propertyKey(route.path)}: ${this.routeType(route, usage)};`,
        );
        return entries.length === 0 ? null : `${method}: {\n${entries.join('\n')}\n};`;
      });
      present.set(
        group,
        METHODS.filter((_method, i) => methods[i] !== null),
      );
      out.set(
        file,
        [
          ...this.header(`The "${group}" routes.`),
          ...this.imports(file, usage, namedFile),
          '',
          `export interface Routes {\n${methods.filter((m) => m !== null).join('\n')}\n}`,
          '',
        ].join('\n'),
      );
    }

    const named = [...this.named]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, text]) => `export type ${name} = ${text};`);
    out.set(
      namedFile,
      [
        ...this.header('Schemas the engine names with .meta({ id }).'),
        ...this.imports(namedFile, this.namedUsage, null),
        '',
        ...(named.length > 0 ? named : ['export {};']),
        '',
      ].join('\n'),
    );

    const schemasFile = path.join(dir, `${SCHEMAS}.gen.ts`);
    out.set(schemasFile, this.schemasText(schemasFile));

    const routeImports = groupNames.map(
      (group) =>
        `import type { Routes as ${camel(`${group}-routes`)} } from '${importPath(
          outFile,
          path.join(dir, `${group}.gen.ts`),
        )}';`,
    );
    const joined = METHODS.map((method) => {
      const parts = groupNames
        .filter((group) => present.get(group)!.includes(method))
        .map((group) => `${camel(`${group}-routes`)}['${method}']`);
      return `${method}: ${parts.length > 0 ? parts.join(' & ') : 'Record<never, never>'};`;
    });
    out.set(
      outFile,
      [
        ...this.header('Every route of the engine, by method and path (under /api/v1).'),
        '// Type-only imports: nothing of the engine is bundled into the studio.',
        ...routeImports,
        '',
        `export type * from '${importPath(outFile, namedFile)}';`,
        `export type { Schemas } from '${importPath(outFile, schemasFile)}';`,
        '',
        `export interface Contract {\n${joined.join('\n')}\n}`,
        '',
      ].join('\n'),
    );
    return out;
  }
}

/** The generated files' texts, formatted like the rest of the repository. */
export async function generateContract(options: GenerateOptions): Promise<ContractFiles> {
  const files = new ContractWriter(options).files();
  const formatted: ContractFiles = new Map();
  for (const [file, text] of files) {
    const config = (await prettier.resolveConfig(file)) ?? {};
    formatted.set(file, await prettier.format(text, { ...config, filepath: file }));
  }
  return formatted;
}
