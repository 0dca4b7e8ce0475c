/**
 * The contract generator (scripts/contract-types.ts) on a fixture engine: what it writes for a
 * small route table, that a changed field in a zod-only schema module breaks a consumer's
 * typecheck before anything is regenerated, that the freshness check fails on a stale, missing
 * or leftover file, and that import paths follow a schema module when it moves.
 *
 * The fixture is copied under test-output/ for each case, so a case can edit or move files and
 * zod still resolves from the repository's node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { printType } from '../../scripts/contract/json-schema-ts.ts';
import { findSchemaFiles, isZodOnly } from '../../scripts/contract/schema-modules.ts';
import {
  buildContract,
  checkContract,
  writeContract,
  type ContractPaths,
} from '../../scripts/contract-types.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE = path.join(ROOT, 'test/renderer/fixtures/contract-engine');
const WORK = path.join(ROOT, 'test-output');
fs.mkdirSync(WORK, { recursive: true });
const base = fs.mkdtempSync(path.join(WORK, 'contract-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A fresh copy of the fixture engine and where its contract goes. */
function copyFixture(name: string): ContractPaths & { dir: string } {
  const dir = path.join(base, name);
  fs.cpSync(FIXTURE, path.join(dir, 'engine'), { recursive: true });
  return {
    dir,
    routeTable: path.join(dir, 'engine/route-table.ts'),
    engineRoot: path.join(dir, 'engine'),
    outFile: path.join(dir, 'studio/contract.gen.ts'),
  };
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

/** Type-checks `source` (a consumer of the generated contract) the way the renderer is checked. */
function typeErrors(dir: string, source: string): string[] {
  const file = path.join(dir, 'studio/consumer.ts');
  fs.writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const CONSUMER = `import type { Contract } from './contract.gen.ts';
type Item = Contract['get']['/items/{item_id}']['response'];
export const title = (item: Item): string => item.title;
export const body: Contract['post']['/items']['body'] = { title: 'Moby-Dick' };
`;

describe('zod-only schema modules', () => {
  it('are found by name and by what they import', () => {
    const files = findSchemaFiles(FIXTURE).map((file) => path.relative(FIXTURE, file));
    expect(files).toEqual(['items/item-schemas.ts']);
    // A schema module may read a constants file that imports nothing.
    expect(isZodOnly(path.join(FIXTURE, 'items/item-schemas.ts'))).toBe(true);
    expect(isZodOnly(path.join(FIXTURE, 'items/stats-schema.ts'))).toBe(false);
  });
});

describe('the generated contract', () => {
  it('names zod-only schemas, prints the rest, and splits the routes by tag', async () => {
    const paths = copyFixture('shape');
    const files = await buildContract(paths);
    const name = (file: string) => path.relative(paths.dir, file);
    expect([...files.keys()].map(name).sort()).toEqual([
      'studio/contract.gen.ts',
      'studio/contract/items.gen.ts',
      'studio/contract/named.gen.ts',
      'studio/contract/schemas.gen.ts',
      'studio/contract/systemInfo.gen.ts',
    ]);
    const items = files.get(path.join(paths.dir, 'studio/contract/items.gen.ts'))!;
    // Imported type-only from where the module is, and referenced by its export.
    expect(items).toContain(
      "import type * as items_itemSchemas from '../../engine/items/item-schemas.ts';",
    );
    expect(items).toContain('response: z.output<typeof items_itemSchemas.itemSchema>;');
    expect(items).toContain('body: z.input<typeof items_itemSchemas.createItemBody>;');
    // Inline schemas are printed, still naming the zod-only schema inside them.
    expect(items).toContain('items: z.output<typeof items_itemSchemas.itemSchema>[];');
    // Queries are printed from the input side: a coerced number is a number, a default optional.
    expect(items).toMatch(/query: \{\s+page\?: number;\s+kind\?: 'book' \| 'track';\s+\};/);
    expect(items).toMatch(/'\/items\/\{item_id\}\/cover': \{[^}]+\};\s+bodyKind: 'raw';/);
    expect(items).toContain("'content-type': string;");
    // A route with no body, no query and no JSON answer has nothing but its params.
    expect(items).toMatch(
      /delete: \{\s+'\/items\/\{item_id\}': \{\s+params: \{\s+item_id: string;\s+\};\s+\};/,
    );

    const named = files.get(path.join(paths.dir, 'studio/contract/named.gen.ts'))!;
    expect(named).toContain('export type Stats = {');
    expect(named).toContain('/** One-minute load average; null where unknown. */');
    expect(named).toContain('load: number | null;');
    const system = files.get(path.join(paths.dir, 'studio/contract/systemInfo.gen.ts'))!;
    expect(system).toContain("import type { Stats } from './named.gen.ts';");
    expect(system).toContain("produces: 'sse';");
    // The module that is not zod-only is never imported by the studio.
    expect([...files.values()].some((text) => text.includes('stats-schema'))).toBe(false);

    const schemas = files.get(path.join(paths.dir, 'studio/contract/schemas.gen.ts'))!;
    expect(schemas).toContain('itemSchema: z.output<typeof items_itemSchemas.itemSchema>;');
    const index = files.get(paths.outFile)!;
    expect(index).toContain(
      "import type { Routes as itemsRoutes } from './contract/items.gen.ts';",
    );
    expect(index).toMatch(/get: itemsRoutes\['get'\] & systemInfoRoutes\['get'\];/);
    expect(index).toContain("delete: itemsRoutes['delete'];");
  });

  it('breaks a consumer’s typecheck as soon as a named schema changes a field', async () => {
    const paths = copyFixture('rename');
    await writeContract(paths);
    expect(typeErrors(paths.dir, CONSUMER)).toEqual([]);

    // The engine renames a field; the contract is not regenerated.
    const schemaFile = path.join(paths.dir, 'engine/items/item-schemas.ts');
    fs.writeFileSync(schemaFile, read(schemaFile).replaceAll('title:', 'name:'));
    const errors = typeErrors(paths.dir, CONSUMER);
    expect(errors.some((e) => e.includes("Property 'title' does not exist"))).toBe(true);
    expect(errors.some((e) => e.includes("'title' does not exist in type"))).toBe(true);
  }, 60_000);
});

describe('the freshness check', () => {
  it('passes on a fresh contract and fails on a stale, missing or leftover file', async () => {
    const paths = copyFixture('check');
    expect(await checkContract(paths)).toMatchObject({ fresh: false });
    await writeContract(paths);
    expect(await checkContract(paths)).toEqual({ fresh: true });

    const part = path.join(paths.dir, 'studio/contract/items.gen.ts');
    fs.writeFileSync(part, read(part).replace("kind?: 'book' | 'track';", 'kind?: string;'));
    expect(await checkContract(paths)).toEqual({
      fresh: false,
      problems: [`${path.relative(ROOT, part)} is stale`],
    });

    await writeContract(paths);
    fs.rmSync(paths.outFile);
    const leftover = path.join(paths.dir, 'studio/contract/retired.gen.ts');
    fs.writeFileSync(leftover, 'export {};\n');
    expect(await checkContract(paths)).toEqual({
      fresh: false,
      problems: [
        `${path.relative(ROOT, paths.outFile)} is missing`,
        `${path.relative(ROOT, leftover)} is no longer generated`,
      ],
    });
    // Writing again restores the index and removes what is no longer generated.
    await writeContract(paths);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(await checkContract(paths)).toEqual({ fresh: true });
  }, 60_000);

  it('fails when a schema field changes, and the new contract follows a moved module', async () => {
    const paths = copyFixture('moved');
    await writeContract(paths);
    // The engine moves its items folder into a product area and changes a field.
    const from = path.join(paths.dir, 'engine/items');
    const to = path.join(paths.dir, 'engine/catalog/items');
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.renameSync(from, to);
    // The table is read under a new name: this process already holds the old module.
    const table = path.join(paths.dir, 'engine/route-table-moved.ts');
    fs.writeFileSync(table, read(paths.routeTable).replaceAll("'./items/", "'./catalog/items/"));
    const moved = { ...paths, routeTable: table };
    fs.writeFileSync(
      path.join(to, 'item-schemas.ts'),
      read(path.join(to, 'item-schemas.ts')).replace('tags: z.array(z.string()),', ''),
    );
    const check = await checkContract(moved);
    expect(check.fresh).toBe(false);

    await writeContract(moved);
    const items = read(path.join(paths.dir, 'studio/contract/items.gen.ts'));
    expect(items).toContain(
      "import type * as catalog_items_itemSchemas from '../../engine/catalog/items/item-schemas.ts';",
    );
    expect(typeErrors(paths.dir, CONSUMER)).toEqual([]);
  }, 60_000);
});

describe('the JSON Schema printer', () => {
  const ref = (pointer: string) => `Ref<'${pointer}'>`;

  it('prints unions, literals, records, tuples and quoted keys', () => {
    expect(printType({ type: ['string', 'null'] }, { ref })).toBe('string | null');
    expect(printType({ enum: ['a', 1, null] }, { ref })).toBe('"a" | 1 | null');
    expect(printType({ const: 'x' }, { ref })).toBe('"x"');
    expect(printType({ type: 'object', additionalProperties: { type: 'number' } }, { ref })).toBe(
      'Record<string, number>',
    );
    expect(
      printType(
        { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
        { ref },
      ),
    ).toBe('[string, number]');
    expect(
      printType(
        { type: 'array', items: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/A' }] } },
        { ref },
      ),
    ).toBe("(string | Ref<'#/$defs/A'>)[]");
    expect(
      printType(
        {
          type: 'object',
          properties: { 'x-id': { type: 'string', description: 'The id.' }, n: {} },
          required: ['x-id'],
        },
        { ref },
      ),
    ).toBe('{\n  /** The id. */\n  "x-id": string;\n  n?: unknown;\n}');
  });

  it('keeps unknown and never honest', () => {
    expect(printType({}, { ref })).toBe('unknown');
    expect(printType({ anyOf: [{ type: 'string' }, {}] }, { ref })).toBe('unknown');
    expect(printType({ not: {} }, { ref })).toBe('never');
    expect(printType({ allOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }] }, { ref })).toBe(
      "Ref<'#/$defs/A'> & Ref<'#/$defs/B'>",
    );
  });
});
