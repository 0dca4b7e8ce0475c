/**
 * `npm run contract` writes renderer/src/api/contract.gen.ts (the studio's wire types) from the
 * engine's route table; `npm run contract:check` fails (exit 1) when the committed file is
 * stale, which `npm test` runs beside openapi:check. See scripts/contract/generate.ts.
 *
 * The engine is found where it is now: the route table module exports `routeTable`, and the
 * zod-only schema modules are searched for under the engine's source root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateContract, type ContractFiles, type ContractRoute } from './contract/generate.ts';
import { findSchemaFiles, loadSchemaModules } from './contract/schema-modules.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ContractPaths {
  /** The module exporting `routeTable`. */
  routeTable: string;
  /** Where zod-only schema modules are searched for (and aliases named from). */
  engineRoot: string;
  outFile: string;
}

export const DEFAULT_PATHS: ContractPaths = {
  routeTable: path.join(ROOT, 'engine/src/api/route-table.ts'),
  engineRoot: path.join(ROOT, 'engine/src'),
  outFile: path.join(ROOT, 'renderer/src/api/contract.gen.ts'),
};

/** The files the contract should consist of now (path → text). */
export async function buildContract(paths: ContractPaths = DEFAULT_PATHS): Promise<ContractFiles> {
  const schemaModules = await loadSchemaModules(findSchemaFiles(paths.engineRoot));
  const table = (await import(pathToFileURL(paths.routeTable).href)) as {
    routeTable?: readonly ContractRoute[];
  };
  if (!Array.isArray(table.routeTable)) {
    throw new Error(`${paths.routeTable} does not export a routeTable array`);
  }
  return generateContract({
    routes: table.routeTable,
    schemaModules,
    outFile: paths.outFile,
    aliasRoot: paths.engineRoot,
    source: path.relative(ROOT, paths.routeTable).split(path.sep).join('/'),
  });
}

/** Generated files on disk now: the index and every `contract/*.gen.ts`. */
function existingFiles(outFile: string): string[] {
  const dir = path.join(path.dirname(outFile), 'contract');
  const parts = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.gen.ts'))
        .map((name) => path.join(dir, name))
    : [];
  return [...(fs.existsSync(outFile) ? [outFile] : []), ...parts];
}

export type CheckResult = { fresh: true } | { fresh: false; problems: string[] };

/** Compares the files on disk with a fresh generation. */
export async function checkContract(paths: ContractPaths = DEFAULT_PATHS): Promise<CheckResult> {
  const expected = await buildContract(paths);
  const name = (file: string) => path.relative(ROOT, file);
  const problems: string[] = [];
  for (const [file, text] of expected) {
    if (!fs.existsSync(file)) problems.push(`${name(file)} is missing`);
    else if (fs.readFileSync(file, 'utf8') !== text) problems.push(`${name(file)} is stale`);
  }
  for (const file of existingFiles(paths.outFile)) {
    if (!expected.has(file)) problems.push(`${name(file)} is no longer generated`);
  }
  return problems.length === 0 ? { fresh: true } : { fresh: false, problems };
}

/** Writes the files and removes generated files that are no longer part of the contract. */
export async function writeContract(paths: ContractPaths = DEFAULT_PATHS): Promise<string[]> {
  const files = await buildContract(paths);
  for (const file of existingFiles(paths.outFile)) {
    if (!files.has(file)) fs.rmSync(file);
  }
  for (const [file, text] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return [...files.keys()];
}

async function main(mode: string): Promise<void> {
  const name = path.relative(ROOT, DEFAULT_PATHS.outFile);
  if (mode === 'check') {
    const result = await checkContract();
    if (!result.fresh) {
      for (const problem of result.problems) console.error(problem);
      console.error('The studio contract is stale: run `npm run contract` and commit the result.');
      process.exit(1);
    }
    console.log(`${name} and its parts are current.`);
  } else {
    const written = await writeContract();
    console.log(`wrote ${name} and ${written.length - 1} parts`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv[2] ?? 'write');
}
