/**
 * `npm start`: builds what is missing or stale, then opens the desktop app. Where the Electron
 * binary is not installed (CI, headless machines, installs with ELECTRON_SKIP_BINARY_DOWNLOAD)
 * it serves the web studio instead: the engine from source, supervised like in the app.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeEngineSpawner } from '../electron/engine-spawn-node.ts';
import { EngineSupervisor } from '../electron/engine-supervisor.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface BuildStep {
  script: string;
  outputs: string[];
  sources: string[];
}

const BUILDS = {
  renderer: {
    script: 'build:renderer',
    outputs: ['dist/renderer/index.html'],
    sources: ['renderer', 'vite.config.ts', 'package.json'],
  },
  engine: {
    script: 'build:engine',
    outputs: ['dist/engine/main.js'],
    sources: ['engine/src', 'engine/tsconfig.build.json', 'tsconfig.base.json'],
  },
  electron: {
    script: 'build:electron',
    outputs: ['dist/electron/main.js', 'dist/electron/preload.cjs'],
    sources: ['electron', 'tsconfig.base.json'],
  },
} satisfies Record<string, BuildStep>;

const SKIPPED_NAMES = new Set(['node_modules', 'dist', 'test-fixtures']);

/** The newest modification time under these paths (tests and fixtures do not count). */
function newestSource(paths: readonly string[]): number {
  let newest = 0;
  const visit = (file: string): void => {
    const name = path.basename(file);
    if (SKIPPED_NAMES.has(name) || /\.test\.tsx?$/.test(name)) return;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) visit(path.join(file, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const relative of paths) visit(path.join(ROOT, relative));
  return newest;
}

function isStale(step: BuildStep): boolean {
  const outputs = step.outputs.map((output) => path.join(ROOT, output));
  if (!outputs.every((output) => fs.existsSync(output))) return true;
  const oldestOutput = Math.min(...outputs.map((output) => fs.statSync(output).mtimeMs));
  return newestSource(step.sources) > oldestOutput;
}

/** `npm run <script>` with the npm that runs us (npm_execpath), so it works on every OS. */
function runScript(script: string): void {
  const npmCli = process.env.npm_execpath;
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, 'run', script], { cwd: ROOT, stdio: 'inherit' })
    : spawnSync('npm', ['run', script], {
        cwd: ROOT,
        stdio: 'inherit',
        shell: process.platform === 'win32',
      });
  if (result.status !== 0) {
    console.error(
      `\nnpm start: \`npm run ${script}\` failed; fix the errors above and run npm start again.`,
    );
    process.exit(result.status ?? 1);
  }
}

function buildIfStale(steps: readonly BuildStep[]): void {
  for (const step of steps) {
    if (!isStale(step)) continue;
    console.log(`npm start: building (${step.script})…`);
    runScript(step.script);
  }
}

/**
 * The Electron executable, or null. The electron package's index.js downloads a missing binary
 * when required (a network call that hangs or throws offline), so it is only required once its
 * path.txt names a binary that exists.
 */
function electronBinary(): string | null {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  if (!process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const pathFile = path.join(packageDir, 'path.txt');
    if (!fs.existsSync(pathFile)) return null;
    const relative = fs.readFileSync(pathFile, 'utf8').trim();
    if (!fs.existsSync(path.join(packageDir, 'dist', relative))) return null;
  }
  try {
    const binary: unknown = require('electron');
    return typeof binary === 'string' && fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function launchElectron(binary: string): void {
  const env = { ...process.env };
  // Set by some tools; it would make Electron behave as plain Node and ignore our main.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, ['.'], { cwd: ROOT, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
}

/**
 * A one-time sign-in link for the web studio, minted with this launch's studio token: the page
 * the engine serves carries no credential (docs/api/auth.md, "The web studio's sign-in").
 */
async function signInLink(engineUrl: string, studioToken: string): Promise<string> {
  const response = await fetch(`${engineUrl}/api/v1/local/login-links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${studioToken}` },
  });
  if (!response.ok) throw new Error(`the engine refused a sign-in link (${response.status})`);
  return ((await response.json()) as { url: string }).url;
}

async function serveWebStudio(): Promise<void> {
  // Ours, like the desktop app's: so this script can mint sign-in links for the browser.
  const studioToken = randomBytes(32).toString('base64url');
  const supervisor = new EngineSupervisor({
    env: () => ({ TAPEHOUSE_STUDIO_TOKEN: studioToken, TAPEHOUSE_LOGIN_LINK: '0' }),
    spawn: nodeEngineSpawner({
      entry: path.join(ROOT, 'engine/src/main.ts'),
      execArgv: ['--import', 'tsx'],
      cwd: ROOT,
    }),
    // tsx compiles the engine on the first start; a small machine needs the margin.
    readyTimeoutMs: 120_000,
  });
  supervisor.on('log', ({ stream, line }) => {
    (stream === 'stderr' ? process.stderr : process.stdout).write(`${line}\n`);
  });
  supervisor.on('restarting', ({ reason, delayMs }) => {
    console.error(`npm start: ${reason}; restarting it in ${delayMs} ms`);
  });
  supervisor.on('ready', (ready) => {
    // Studio sessions outlive the engine process: an open browser stays signed in.
    if (ready.launch > 0) console.log(`npm start: the engine is back at ${ready.url}/`);
  });
  supervisor.on('fatal', (error) => {
    console.error(`\nnpm start: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`npm start: stopping the engine (${signal})…`);
      void supervisor.stop().then(() => process.exit(0));
    });
  }

  try {
    const ready = await supervisor.start();
    const link = await signInLink(ready.url, studioToken);
    console.log(
      `\nTapehouse web studio: open ${link}\n` +
        '  (a one-time sign-in link, valid 15 minutes; `npm run studio-link` prints a new one)\n' +
        `  Afterwards the studio is at ${ready.url}/ — Ctrl+C to stop.\n`,
    );
  } catch (error) {
    if (stopping) return;
    console.error(`\nnpm start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const binary = electronBinary();
if (binary !== null) {
  buildIfStale([BUILDS.renderer, BUILDS.engine, BUILDS.electron]);
  launchElectron(binary);
} else {
  console.log(
    'npm start: the Electron binary is not installed, so this serves the web studio instead.\n' +
      '  To get the desktop app, install the binary with internet access: `npx install-electron --no`\n' +
      '  (the electron package fetches it on demand, not during `npm install`), then `npm start`.',
  );
  buildIfStale([BUILDS.renderer]);
  await serveWebStudio();
}
