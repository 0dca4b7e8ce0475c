/**
 * Finds the engine's zod-only schema modules where they live now (the lead moves engine files;
 * nothing here names a path): files called `*-schema.ts`, `*-schemas.ts` or `schemas.ts` whose
 * imports are `zod` and other files that, in turn, import only `zod` (constants such as
 * `vocabulary.ts` count). The renderer may import such a module type-only: its typecheck then
 * loads nothing but zod, and Vite bundles none of it.
 *
 * Each one's exported zod schemas are indexed by identity, so a route row's schema object can be
 * named as `z.output<typeof module.export>` instead of being printed as a copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';

export const SCHEMA_FILE = /(^|[-.])schemas?\.ts$/;

export interface SchemaExport {
  /** Absolute path of the module. */
  file: string;
  exportName: string;
}

export interface SchemaModule {
  file: string;
  exports: Map<string, z.ZodType>;
}

function listTypeScript(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .filter((entry) => !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The module specifiers a file imports or re-exports, type-only ones included. */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((imported) => imported.fileName);
}

/**
 * Whether `file` and everything it imports reach nothing but zod. Relative imports are followed
 * (with a memo, so shared helpers are read once and cycles end).
 */
export function isZodOnly(file: string, memo = new Map<string, boolean>()): boolean {
  const known = memo.get(file);
  if (known !== undefined) return known;
  memo.set(file, true); // a cycle back to this file adds no other import
  const pure = importsOf(file).every((specifier) => {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
    if (!specifier.startsWith('.')) return false;
    const target = path.resolve(path.dirname(file), specifier);
    return fs.existsSync(target) && isZodOnly(target, memo);
  });
  memo.set(file, pure);
  return pure;
}

/** The zod-only schema files under `root`, sorted by path. */
export function findSchemaFiles(root: string): string[] {
  const memo = new Map<string, boolean>();
  return listTypeScript(root).filter(
    (file) => SCHEMA_FILE.test(path.basename(file)) && isZodOnly(file, memo),
  );
}

/** Imports each file (the same module instances the route table uses) and keeps its schemas. */
export async function loadSchemaModules(files: readonly string[]): Promise<SchemaModule[]> {
  const modules: SchemaModule[] = [];
  for (const file of files) {
    const loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const exports = new Map<string, z.ZodType>();
    for (const name of Object.keys(loaded).sort()) {
      const value = loaded[name];
      if (value instanceof z.ZodType) exports.set(name, value);
    }
    modules.push({ file, exports });
  }
  return modules;
}

/** Schema object → where it is exported; the first module (by path) and name wins. */
export function indexSchemas(modules: readonly SchemaModule[]): Map<z.ZodType, SchemaExport> {
  const index = new Map<z.ZodType, SchemaExport>();
  for (const { file, exports } of modules) {
    for (const [exportName, schema] of exports) {
      if (!index.has(schema)) index.set(schema, { file, exportName });
    }
  }
  return index;
}
