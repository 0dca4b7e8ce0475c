/**
 * Finds a working ffmpeg. One function decides, in this order:
 *   1. the user's setting (TAPEHOUSE_FFMPEG or `ffmpegPath` in settings.json): a file, a folder
 *      holding ffmpeg, or a command name looked up on PATH;
 *   2. the `ffmpeg-static` package's binary, if its install-time download produced the file
 *      (it often does not: it is optional and downloads from GitHub);
 *   3. the `@ffmpeg-installer/ffmpeg` package (the binary ships inside the npm package);
 *   4. `ffmpeg` on PATH.
 * Each candidate must answer `ffmpeg -version` within a timeout. When none does, the error
 * lists every candidate with the reason it failed and says how to fix it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError } from '../errors.ts';
import type { Ffmpeg } from './types.ts';

export type FfmpegSource = 'setting' | 'ffmpeg-static' | 'ffmpeg-installer' | 'path';

/** The resolution order. */
export const FFMPEG_SOURCES: readonly FfmpegSource[] = [
  'setting',
  'ffmpeg-static',
  'ffmpeg-installer',
  'path',
];

export interface FfmpegInfo extends Ffmpeg {
  source: FfmpegSource;
  /** Set when the user's setting was given but does not work (another candidate was used). */
  setting_error: string | null;
}

/** One candidate and what became of it. */
export interface FfmpegAttempt {
  source: FfmpegSource;
  path: string | null;
  /** null when this candidate works. */
  error: string | null;
}

export interface ResolveFfmpegOptions {
  setting: string | null;
  /** Restrict the candidates (tests, or a user who wants only the system ffmpeg). */
  sources?: readonly FfmpegSource[];
  /** Environment for the PATH lookup; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Time allowed for `ffmpeg -version`; a first run from a cold disk can be slow. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export const FFMPEG_FIX_HINT =
  'Install ffmpeg (Debian/Ubuntu: `sudo apt install ffmpeg`, macOS: `brew install ffmpeg`, ' +
  'Windows: `winget install ffmpeg`) or set TAPEHOUSE_FFMPEG (or the ffmpeg path in Settings) ' +
  'to the full path of a working ffmpeg binary.';

const requireFromHere = createRequire(import.meta.url);
const exeName = (name: string): string => (process.platform === 'win32' ? `${name}.exe` : name);

/** In a packaged Electron app, binaries are unpacked next to the asar archive. */
function unpacked(file: string): string {
  return file.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `which`: the first executable `name` in env.PATH (with PATHEXT on Windows), or null. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const pathValue = env.PATH ?? env.Path ?? '';
  const extensions =
    process.platform === 'win32'
      ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)]
      : [''];
  for (const dir of pathValue.split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const file = path.join(dir, name + ext);
      if (isExecutableFile(file)) return file;
    }
  }
  return null;
}

interface Candidate {
  source: FfmpegSource;
  path: string | null;
  /** Why there is no path to try. */
  problem: string | null;
}

function settingCandidate(setting: string | null, env: NodeJS.ProcessEnv): Candidate {
  const value = setting?.trim() ?? '';
  if (!value) return { source: 'setting', path: null, problem: 'not set' };
  // A bare name ("ffmpeg", "ffmpeg6") is a command to look up on PATH.
  if (!/[\\/]/.test(value) && !fs.existsSync(value)) {
    const found = findOnPath(value, env);
    return found
      ? { source: 'setting', path: found, problem: null }
      : { source: 'setting', path: value, problem: `"${value}" was not found on PATH` };
  }
  const resolved = path.resolve(value);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch {
    return { source: 'setting', path: resolved, problem: `${resolved} does not exist` };
  }
  if (stat.isDirectory()) {
    const inside = path.join(resolved, exeName('ffmpeg'));
    return fs.existsSync(inside)
      ? { source: 'setting', path: inside, problem: null }
      : {
          source: 'setting',
          path: resolved,
          problem: `the folder ${resolved} has no ffmpeg in it`,
        };
  }
  return { source: 'setting', path: resolved, problem: null };
}

function ffmpegStaticCandidate(): Candidate {
  let exported: unknown;
  try {
    exported = requireFromHere('ffmpeg-static');
  } catch {
    return { source: 'ffmpeg-static', path: null, problem: 'package not installed' };
  }
  if (typeof exported !== 'string' || !exported) {
    return { source: 'ffmpeg-static', path: null, problem: 'no binary for this platform' };
  }
  const file = unpacked(exported);
  return fs.existsSync(file)
    ? { source: 'ffmpeg-static', path: file, problem: null }
    : {
        source: 'ffmpeg-static',
        path: file,
        problem: `binary missing at ${file} (its download at install time failed)`,
      };
}

function ffmpegInstallerCandidate(): Candidate {
  try {
    const exported: unknown = requireFromHere('@ffmpeg-installer/ffmpeg');
    const file =
      typeof exported === 'object' && exported !== null && 'path' in exported
        ? exported.path
        : null;
    if (typeof file !== 'string' || !file) {
      return { source: 'ffmpeg-installer', path: null, problem: 'package exported no path' };
    }
    return { source: 'ffmpeg-installer', path: unpacked(file), problem: null };
  } catch (error) {
    // The package throws a plain string when its platform package is missing.
    const why = error instanceof Error ? error.message : String(error);
    const notInstalled =
      error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND';
    return {
      source: 'ffmpeg-installer',
      path: null,
      problem: notInstalled ? 'package not installed' : why,
    };
  }
}

function pathCandidate(env: NodeJS.ProcessEnv): Candidate {
  const found = findOnPath('ffmpeg', env);
  return found
    ? { source: 'path', path: found, problem: null }
    : { source: 'path', path: null, problem: 'no ffmpeg on PATH' };
}

/** The candidates in resolution order, before running any of them. */
export function ffmpegCandidates(options: ResolveFfmpegOptions): Candidate[] {
  const env = options.env ?? process.env;
  const wanted = new Set(options.sources ?? FFMPEG_SOURCES);
  const make: Record<FfmpegSource, () => Candidate> = {
    setting: () => settingCandidate(options.setting, env),
    'ffmpeg-static': ffmpegStaticCandidate,
    'ffmpeg-installer': ffmpegInstallerCandidate,
    path: () => pathCandidate(env),
  };
  return FFMPEG_SOURCES.filter((source) => wanted.has(source)).map((source) => make[source]());
}

/** First line of `-version`: "ffmpeg version 5.1.6-0+deb12u1 Copyright …" → "5.1.6-0+deb12u1". */
export function parseFfmpegVersion(output: string): string | null {
  return /^ffmpeg version (\S+)/m.exec(output)?.[1] ?? null;
}

export type VerifyResult = { ok: true; version: string } | { ok: false; error: string };

/** Runs `<file> -version` and checks that it is ffmpeg. Never throws. */
export function verifyFfmpeg(file: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<VerifyResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      ['-version'],
      { timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) {
          const code = 'code' in error ? error.code : undefined;
          if (error.killed) {
            return resolve({
              ok: false,
              error: `${file} did not answer -version within ${timeoutMs / 1000} s`,
            });
          }
          if (code === 'ENOENT') return resolve({ ok: false, error: `${file} does not exist` });
          if (code === 'EACCES') {
            return resolve({ ok: false, error: `${file} is not executable (permission denied)` });
          }
          const firstLine = `${stderr}`.trim().split(/\r?\n/)[0] ?? '';
          return resolve({
            ok: false,
            error: `${file} -version failed (${typeof code === 'number' ? `exit code ${code}` : (code ?? error.message)})${firstLine ? `: ${firstLine}` : ''}`,
          });
        }
        const version = parseFfmpegVersion(`${stdout}`);
        if (!version) {
          const firstLine = `${stdout}`.trim().split(/\r?\n/)[0] ?? '';
          return resolve({
            ok: false,
            error: `${file} is not ffmpeg (-version printed "${firstLine.slice(0, 80)}")`,
          });
        }
        resolve({ ok: true, version });
      },
    );
  });
}

function describeAttempt(attempt: FfmpegAttempt): string {
  const where = attempt.path && !attempt.error?.includes(attempt.path) ? ` (${attempt.path})` : '';
  return `${attempt.source}${where}: ${attempt.error ?? 'ok'}`;
}

/**
 * Resolves the ffmpeg to use; see the module comment for the order. Throws
 * AppError('ffmpeg_unavailable') listing every candidate tried (details.tried) and the fix.
 */
export async function resolveFfmpeg(options: ResolveFfmpegOptions): Promise<FfmpegInfo> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tried: FfmpegAttempt[] = [];
  const verified = new Map<string, VerifyResult>();
  let settingError: string | null = null;

  for (const candidate of ffmpegCandidates(options)) {
    let error = candidate.problem;
    let version: string | null = null;
    if (error === null && candidate.path !== null) {
      const result =
        verified.get(candidate.path) ?? (await verifyFfmpeg(candidate.path, timeoutMs));
      verified.set(candidate.path, result);
      if (result.ok) version = result.version;
      else error = result.error;
    }
    tried.push({ source: candidate.source, path: candidate.path, error });
    if (candidate.source === 'setting' && error !== null && error !== 'not set') {
      settingError = `the ffmpeg setting "${options.setting ?? ''}" does not work: ${error}`;
    }
    if (version !== null && candidate.path !== null) {
      return {
        path: candidate.path,
        version,
        source: candidate.source,
        setting_error: settingError,
      };
    }
  }

  throw new AppError(
    'ffmpeg_unavailable',
    `ffmpeg is unavailable. Tried: ${tried.map(describeAttempt).join('; ')}. ${FFMPEG_FIX_HINT}`,
    { details: { tried } },
  );
}
