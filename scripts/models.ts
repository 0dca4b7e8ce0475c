/**
 * `npm run models -- <command>`: the model manager. A thin shell over engine/src/inference
 * (model-registry.ts, model-install.ts); progress goes to stderr, results to stdout.
 *
 * Honours TAPEHOUSE_HOME (install target: <home>/models), TAPEHOUSE_MODELS_DIR (searched first,
 * shown by `list`), TAPEHOUSE_MANIFESTS_DIR (where manifests are read; default models/),
 * TAPEHOUSE_MODEL_MIRROR and TAPEHOUSE_MODEL_DISK_RESERVE_MB (docs/api/models.md).
 * Exit codes: 0 ok, 1 failed, 2 usage, 130 interrupted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../engine/src/config.ts';
import { CancelledError, isAppError } from '../engine/src/errors.ts';
import { createProgressReporter, formatBytes } from '../engine/src/inference/install-progress.ts';
import { installPack, packsAvailableIn } from '../engine/src/inference/model-install.ts';
import { installedPackIds, removePack, verifyPack } from '../engine/src/inference/model-verify.ts';
import { manifestJsonSchema } from '../engine/src/inference/model-manifest.ts';
import { ModelRegistry, type PackStatus } from '../engine/src/inference/model-registry.ts';
import type { ModelInstallConfig } from '../engine/src/model-config.ts';

const USAGE = `usage: npm run models -- <command>

  list [--json]                       packs, their size and whether they are installed
  install <id>... [--force] [--accept-licence]
                                      download packs into the data dir (digests or the Hub's
                                      listing checked; resumes a cut download; one at a time)
  install --from <dir> [<id>...]      copy packs from a folder (all packs found there if no id)
  verify [<id>...]                    re-hash installed packs (all installed if no id)
  remove <id>...                      delete installed packs
  schema [--check]                    write (or check) models/schema/model-pack.schema.json

--accept-licence acknowledges the licence of a non-commercial pack (list shows "NC").

environment: TAPEHOUSE_HOME, TAPEHOUSE_MODELS_DIR, TAPEHOUSE_MANIFESTS_DIR,
             TAPEHOUSE_MODEL_MIRROR, TAPEHOUSE_MODEL_DISK_RESERVE_MB`;

const SCHEMA_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'models',
  'schema',
  'model-pack.schema.json',
);

class UsageError extends Error {}

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const err = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function statusText(s: PackStatus): string {
  const parts: string[] = [];
  if (s.state === 'installed') parts.push('installed');
  if (s.state === 'outdated') parts.push(`outdated (${s.installedVersion ?? '?'})`);
  if (s.inModelsDir) parts.push('models dir');
  return parts.length > 0 ? parts.join(', ') : 'not installed';
}

function table(rows: string[][]): string[] {
  const widths =
    rows[0]?.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length))) ?? [];
  return rows.map((r) =>
    r.map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd(widths[col] ?? 0))).join('  '),
  );
}

function list(registry: ModelRegistry, json: boolean): number {
  const packs = registry.list();
  if (json) {
    out(JSON.stringify(packs, null, 2));
    return 0;
  }
  // Grouped by what the packs let you do; NC marks a licence that must be acknowledged.
  const sorted = [...packs].sort(
    (a, b) => a.capability.localeCompare(b.capability) || a.id.localeCompare(b.id),
  );
  const rows = sorted.map((p) => [
    p.id,
    p.capability,
    formatBytes(p.bytes),
    p.nonCommercial ? 'NC' : '',
    statusText(p),
    p.title,
  ]);
  for (const line of table([['ID', 'FOR', 'SIZE', 'NC', 'STATUS', 'TITLE'], ...rows])) {
    out(line);
  }
  out(`\ninstalled in ${registry.installRoot}`);
  if (registry.modelsDir !== null)
    out(`also searched: ${registry.modelsDir} (TAPEHOUSE_MODELS_DIR)`);
  return 0;
}

async function install(
  registry: ModelRegistry,
  ids: string[],
  options: {
    from: string | undefined;
    force: boolean;
    acceptLicence: boolean;
    settings: ModelInstallConfig;
    signal: AbortSignal;
  },
): Promise<number> {
  let targets = ids;
  if (targets.length === 0) {
    if (options.from === undefined) throw new UsageError('install needs a pack id or --from <dir>');
    targets = packsAvailableIn(registry, options.from);
    if (targets.length === 0) {
      err(`error: no complete model pack found in ${path.resolve(options.from)}`);
      return 1;
    }
  }
  let failures = 0;
  for (const id of targets) {
    const progress = createProgressReporter(process.stderr);
    try {
      const result = await installPack(registry, id, {
        ...(options.from === undefined ? {} : { from: options.from }),
        force: options.force,
        acceptLicence: options.acceptLicence,
        mirror: options.settings.mirror,
        diskReserveBytes: options.settings.diskReserveBytes,
        signal: options.signal,
        onProgress: progress.onProgress,
      });
      progress.finish();
      if (result.status === 'already_installed') {
        out(`${id} ${result.version} is already installed (use --force to reinstall)`);
      } else {
        out(`installed ${id} ${result.version} (${formatBytes(result.bytes)}) in ${result.dir}`);
      }
    } catch (error) {
      progress.finish();
      if (error instanceof CancelledError) throw error;
      failures += 1;
      err(`error: ${id}: ${message(error)}`);
      if (isAppError(error) && error.code === 'licence_not_accepted') {
        const url = error.details?.licence_url;
        if (typeof url === 'string') err(`  licence: ${url}`);
        err(`  to accept it: npm run models -- install ${id} --accept-licence`);
      }
    }
  }
  return failures === 0 ? 0 : 1;
}

async function verify(
  registry: ModelRegistry,
  ids: string[],
  signal: AbortSignal,
): Promise<number> {
  const targets = ids.length > 0 ? ids : installedPackIds(registry);
  if (targets.length === 0) {
    out('no model packs are installed');
    return 0;
  }
  let failures = 0;
  for (const id of targets) {
    const progress = createProgressReporter(process.stderr);
    try {
      const result = await verifyPack(registry, id, { signal, onProgress: progress.onProgress });
      progress.finish();
      if (result.ok) {
        out(`ok      ${id} ${result.version} (${result.files.length} files)`);
        continue;
      }
      failures += 1;
      out(`FAILED  ${id} ${result.installedVersion} (manifest ${result.version})`);
      for (const f of result.files.filter((file) => !file.ok)) {
        // md5 only for files whose upstream publishes nothing else (model-manifest.ts).
        const algorithm = f.expected.sha256 !== undefined ? 'sha256' : 'md5';
        const actual = f.actual ? `${f.actual[algorithm]} (${f.actual.bytes} bytes)` : 'missing';
        out(
          `  ${f.name}: ${f.problem}: expected ${f.expected[algorithm] ?? ''} (${f.expected.bytes} bytes), got ${actual}`,
        );
      }
      out(`  repair with: npm run models -- install ${id} --force`);
    } catch (error) {
      progress.finish();
      if (error instanceof CancelledError) throw error;
      failures += 1;
      err(`error: ${id}: ${message(error)}`);
    }
  }
  return failures === 0 ? 0 : 1;
}

function remove(registry: ModelRegistry, ids: string[]): number {
  if (ids.length === 0) throw new UsageError('remove needs a pack id');
  let failures = 0;
  for (const id of ids) {
    try {
      const result = removePack(registry, id);
      out(`removed ${id} (${result.dir})`);
    } catch (error) {
      failures += 1;
      err(`error: ${id}: ${message(error)}`);
    }
  }
  return failures === 0 ? 0 : 1;
}

async function schema(check: boolean): Promise<number> {
  const wanted = manifestJsonSchema();
  if (check) {
    const current: unknown = fs.existsSync(SCHEMA_FILE)
      ? JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8'))
      : null;
    if (JSON.stringify(current) === JSON.stringify(wanted)) {
      out(`${SCHEMA_FILE} is up to date`);
      return 0;
    }
    err(`error: ${SCHEMA_FILE} is stale; run: npm run models -- schema`);
    return 1;
  }
  // Written as `prettier --check .` expects it (prettier is a dev tool, loaded only here).
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(SCHEMA_FILE)) ?? {};
  const text = await prettier.format(JSON.stringify(wanted), { ...options, parser: 'json' });
  fs.mkdirSync(path.dirname(SCHEMA_FILE), { recursive: true });
  fs.writeFileSync(SCHEMA_FILE, text);
  out(`wrote ${SCHEMA_FILE}`);
  return 0;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      'accept-licence': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...ids] = positionals;
  if (values.help || command === undefined || command === 'help') {
    out(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command === 'schema') return await schema(values.check);

  const config = loadConfig();
  const registry = new ModelRegistry(config);
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  try {
    switch (command) {
      case 'list':
        return list(registry, values.json);
      case 'install':
        return await install(registry, ids, {
          from: values.from,
          force: values.force,
          acceptLicence: values['accept-licence'],
          settings: config.modelInstall,
          signal: controller.signal,
        });
      case 'verify':
        return await verify(registry, ids, controller.signal);
      case 'remove':
        return remove(registry, ids);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CancelledError) {
      err('interrupted; nothing was left half-installed');
      process.exitCode = 130;
    } else if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      err(`error: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      err(`error: ${isAppError(error) ? error.message : message(error)}`);
      process.exitCode = 1;
    }
  },
);
