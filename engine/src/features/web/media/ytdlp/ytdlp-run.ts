/**
 * Runs yt-dlp for one extraction or one download, always through a per-run FetchProxy
 * (platform/net): yt-dlp is told to use it for every request, and its environment carries the
 * same proxy for any ffmpeg it starts, so every page, redirect, playlist segment and thumbnail
 * meets the fetcher's rules (public addresses only, DNS pinned) and the run's byte budget and
 * deadline. No user config, no cache, no playlists; its home is the run's own folder.
 *
 * Failures become the contract's 400 with a reason (`refused`, `timeout`, `unavailable`,
 * `private`, `unsupported`) or 413 past the byte budget; the first refused request explains
 * a failure better than yt-dlp's own message, so it wins.
 */
import { spawn } from 'node:child_process';
import { AppError, CancelledError } from '../../../../errors.ts';
import { FetchProxy, type FetchPolicy } from '../../../platform/index.ts';
import type { ToolBinary } from './tool-pack.ts';

export interface RunLimits {
  deadlineMs: number;
  maxBytes: number;
  signal: AbortSignal;
}

export interface RunOutput {
  stdout: string;
  stderr: string;
}

export type ExtractionReason = 'refused' | 'timeout' | 'unavailable' | 'private' | 'unsupported';

export function extractionError(reason: ExtractionReason, detail: string): AppError {
  const code = reason === 'refused' ? 'validation_error' : 'bad_request';
  return new AppError(code, `Extraction failed (${reason}): ${detail}`, {
    details: { reason, fields: [{ loc: ['body', 'url'], msg: detail }] },
  });
}

/** yt-dlp's last ERROR line, without its "please report this issue" tail. */
function lastError(stderr: string): string {
  const line = stderr
    .split('\n')
    .filter((l) => l.startsWith('ERROR:'))
    .at(-1);
  return (line ?? stderr.trim().split('\n').at(-1) ?? 'yt-dlp failed')
    .replace(/^ERROR:\s*/, '')
    .replace(/;\s*please report this issue.*$/i, '')
    .slice(0, 300);
}

function classify(stderr: string): ExtractionReason {
  if (/private|sign in|log ?in|members[- ]only|age[- ]restricted/i.test(stderr)) return 'private';
  if (/unsupported url|no video formats|no media found|unable to extract/i.test(stderr))
    return 'unsupported';
  return 'unavailable';
}

/** yt-dlp's environment: nothing of ours but PATH, and the proxy for it and its ffmpeg. */
function childEnv(proxyUrl: string, home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    ...(process.env.SYSTEMROOT && { SYSTEMROOT: process.env.SYSTEMROOT }),
    HOME: home,
    USERPROFILE: home,
    LANG: 'C.UTF-8',
    PYTHONIOENCODING: 'utf-8',
    http_proxy: proxyUrl,
    https_proxy: proxyUrl,
    HTTP_PROXY: proxyUrl,
    HTTPS_PROXY: proxyUrl,
    no_proxy: '',
    NO_PROXY: '',
  };
}

export const BASE_ARGS = [
  '--ignore-config',
  '--no-cache-dir',
  '--no-playlist',
  '--socket-timeout',
  '20',
  '--no-mtime',
];

/** Runs yt-dlp with `args` (+ the proxy); `onLine` sees stdout lines as they come. */
export async function runYtDlp(
  binary: ToolBinary,
  policy: FetchPolicy,
  args: string[],
  limits: RunLimits & { home: string; onLine?: (line: string) => void },
): Promise<RunOutput> {
  if (limits.signal.aborted) throw new CancelledError();
  const proxy = await FetchProxy.start(policy, {
    maxBytes: limits.maxBytes,
    deadlineMs: limits.deadlineMs,
  });
  try {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(binary.path, [...BASE_ARGS, '--proxy', proxy.url, ...args], {
          env: childEnv(proxy.url, limits.home),
          cwd: limits.home,
          stdio: ['ignore', 'pipe', 'pipe'],
          windowsHide: true,
        });
        let stdout = '';
        let stderr = '';
        let pending = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          stdout += chunk;
          pending += chunk;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) limits.onLine?.(line);
        });
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk: string) => {
          stderr = (stderr + chunk).slice(-16_384);
        });
        const kill = (): void => {
          if (child.exitCode === null) child.kill('SIGKILL');
        };
        limits.signal.addEventListener('abort', kill, { once: true });
        // The proxy cuts the network at the deadline; this stops a run that hangs anyway.
        const timer = setTimeout(kill, limits.deadlineMs + 2000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          limits.signal.removeEventListener('abort', kill);
          resolve({ code, stdout, stderr });
        });
      },
    );
    if (limits.signal.aborted) throw new CancelledError();
    if (result.code === 0 && !proxy.overLimit) return result;
    if (proxy.overLimit)
      throw new AppError(
        'payload_too_large',
        `The media is larger than ${limits.maxBytes} bytes.`,
        {
          details: { max_bytes: limits.maxBytes, reason: 'too_large' },
        },
      );
    if (proxy.timedOut)
      throw extractionError('timeout', `no result within ${limits.deadlineMs / 1000} s`);
    const refused = proxy.refusals[0];
    if (refused) throw extractionError('refused', refused);
    throw extractionError(classify(result.stderr), lastError(result.stderr));
  } finally {
    await proxy.close();
  }
}
