/**
 * Installs, reports and chooses yt-dlp (docs/api/media.md, "yt-dlp"). An install (the pinned
 * release, or the latest one when updating from the studio, since sites change and extractors
 * follow) reads the release's SHA2-256SUMS, streams the asset for this OS into a staging file
 * while hashing it, refuses it unless its sha256 equals the SUMS line of its exact name, runs
 * `--version` to prove it starts, and only then renames it into `<home>/tools/yt-dlp/<tag>/`
 * and points `current.json` at it. A failed or cancelled install leaves the previous one.
 *
 * Which binary runs: `auto` (the installed pack, else `yt-dlp` on PATH, e.g. Debian's package),
 * `pack`, `system`, or an absolute path — the owner's choice, saved in settings.json.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { findOnPath } from '../../../../audio/index.ts';
import { AppError, CancelledError } from '../../../../errors.ts';
import {
  assetFor,
  digestFromSums,
  isReleaseTag,
  releaseAssetUrl,
  type ToolManifest,
} from './tool-manifest.ts';

const run = promisify(execFile);
/** A yt-dlp binary is ~35 MB; anything far larger is not one. */
const MAX_BINARY_BYTES = 300 * 1024 * 1024;

export interface InstalledTool {
  version: string;
  asset: string;
  sha256: string;
  path: string;
  installed_at: string;
  source_url: string;
}

export interface ToolBinary {
  source: 'pack' | 'system' | 'path';
  path: string;
  version: string;
}

export interface ToolPackOptions {
  home: string;
  manifest: ToolManifest;
  /** Release base (config.ytDlpReleasesUrl: GitHub, or a local mirror in tests). */
  releases: string;
  fetchImpl?: typeof fetch;
}

export class YtDlpPack {
  constructor(private readonly options: ToolPackOptions) {}

  get root(): string {
    return path.join(this.options.home, 'tools', 'yt-dlp');
  }

  /** Empties `.staging` at start: a release a killed engine left half downloaded. */
  sweepStaging(): void {
    const staging = path.join(this.root, '.staging');
    if (!fs.existsSync(staging)) return;
    for (const name of fs.readdirSync(staging))
      fs.rmSync(path.join(staging, name), { recursive: true, force: true });
  }

  installed(): InstalledTool | null {
    try {
      const record = JSON.parse(
        fs.readFileSync(path.join(this.root, 'current.json'), 'utf8'),
      ) as InstalledTool;
      return fs.existsSync(record.path) ? record : null;
    } catch {
      return null;
    }
  }

  /** The newest release tag (the `/releases/latest` redirect, as yt-dlp's updater reads it). */
  async latestTag(signal?: AbortSignal): Promise<string> {
    const response = await this.get(`${this.options.releases.replace(/\/$/, '')}/latest`, {
      redirect: 'manual',
      ...(signal && { signal }),
    });
    const location = response.headers.get('location') ?? '';
    const tag = decodeURIComponent(/\/releases\/tag\/([^/?#]+)/.exec(location)?.[1] ?? '');
    if (!isReleaseTag(tag))
      throw unavailable(`the latest release could not be read (answer ${response.status})`);
    return tag;
  }

  /** Installs `tag` (default: the pinned release; `latest`: the newest). */
  async install(tag: string | 'latest' | null, signal?: AbortSignal): Promise<InstalledTool> {
    const { manifest } = this.options;
    const version = tag === 'latest' ? await this.latestTag(signal) : (tag ?? manifest.version);
    if (!isReleaseTag(version)) throw new AppError('validation_error', `"${version}" is no tag.`);
    const asset = assetFor(manifest);
    if (asset === null)
      throw unavailable(`yt-dlp publishes no binary for ${process.platform}-${process.arch}`);
    const sumsUrl = releaseAssetUrl(this.options.releases, version, manifest.checksums.file);
    const sums = await (await this.get(sumsUrl, signal ? { signal } : {})).text();
    const expected = digestFromSums(sums, asset);
    if (expected === null) throw unavailable(`${sumsUrl} has no line for ${asset}`);
    const recorded = manifest.digests[`${version}/${asset}`];
    if (recorded !== undefined && recorded !== expected)
      throw unavailable(`${sumsUrl} disagrees with the digest recorded in tools/yt-dlp.json`);

    const staging = path.join(this.root, '.staging');
    fs.mkdirSync(staging, { recursive: true });
    const temp = fs.mkdtempSync(path.join(staging, `${version}-`));
    const binary = path.join(temp, process.platform === 'win32' ? 'yt-dlp.exe' : 'yt-dlp');
    const url = releaseAssetUrl(this.options.releases, version, asset);
    try {
      const actual = await this.download(url, binary, signal);
      if (actual !== expected)
        throw unavailable(`${asset} has sha256 ${actual}, but SHA2-256SUMS says ${expected}`);
      fs.chmodSync(binary, 0o755);
      await versionOf(binary); // it must start before it replaces a working one
      const final = path.join(this.root, version);
      fs.rmSync(final, { recursive: true, force: true });
      fs.renameSync(temp, final);
      const record: InstalledTool = {
        version,
        asset,
        sha256: actual,
        path: path.join(final, path.basename(binary)),
        installed_at: new Date().toISOString(),
        source_url: url,
      };
      const pointer = path.join(this.root, 'current.json');
      fs.writeFileSync(`${pointer}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
      fs.renameSync(`${pointer}.tmp`, pointer);
      this.removeOthers(version);
      return record;
    } finally {
      fs.rmSync(temp, { recursive: true, force: true });
    }
  }

  /** Re-hashes the installed binary against the sha256 recorded when it was verified. */
  async verify(): Promise<{ ok: boolean; sha256: string | null }> {
    const record = this.installed();
    if (!record) return { ok: false, sha256: null };
    const hash = createHash('sha256');
    for await (const chunk of fs.createReadStream(record.path)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    return { ok: sha256 === record.sha256, sha256 };
  }

  private async get(url: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await (this.options.fetchImpl ?? fetch)(url, init);
    } catch (error) {
      if (init.signal?.aborted) throw new CancelledError();
      throw unavailable(`${url} could not be reached (${(error as Error).message})`);
    }
    if (init.redirect !== 'manual' && !response.ok)
      throw unavailable(`${url} answered ${response.status}`);
    return response;
  }

  private async download(url: string, dest: string, signal?: AbortSignal): Promise<string> {
    const response = await this.get(url, signal ? { signal } : {});
    if (!response.body) throw unavailable(`${url} sent no body`);
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (bytes > MAX_BINARY_BYTES) throw unavailable(`${url} is larger than a yt-dlp binary`);
          hash.update(chunk);
          yield chunk;
        }
      },
      fs.createWriteStream(dest),
      signal ? { signal } : {},
    );
    return hash.digest('hex');
  }

  private removeOthers(keep: string): void {
    for (const name of fs.readdirSync(this.root)) {
      if (name === keep || name === 'current.json' || name === '.staging') continue;
      fs.rmSync(path.join(this.root, name), { recursive: true, force: true });
    }
  }
}

function unavailable(why: string): AppError {
  return new AppError('service_unavailable', `yt-dlp could not be installed: ${why}.`, {
    details: { tool: 'yt-dlp' },
  });
}

/** `yt-dlp --version`'s first line; throws when the binary does not start. */
export async function versionOf(binary: string): Promise<string> {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 30_000, windowsHide: true });
    const version = stdout.trim().split('\n')[0] ?? '';
    if (!/^\d{4}\.\d{2}\.\d{2}/.test(version)) throw new Error(`unexpected output "${version}"`);
    return version;
  } catch (error) {
    throw new AppError(
      'service_unavailable',
      `${binary} does not run: ${(error as Error).message}`,
    );
  }
}

/** The yt-dlp the owner's preference picks, or 503 naming how to get one. */
export async function chooseBinary(preference: string, pack: YtDlpPack): Promise<ToolBinary> {
  const installed = pack.installed();
  if (path.isAbsolute(preference))
    return { source: 'path', path: preference, version: await versionOf(preference) };
  if ((preference === 'auto' || preference === 'pack') && installed)
    return { source: 'pack', path: installed.path, version: installed.version };
  if (preference === 'auto' || preference === 'system') {
    const system = findOnPath('yt-dlp');
    if (system) return { source: 'system', path: system, version: await versionOf(system) };
  }
  throw new AppError(
    'service_unavailable',
    preference === 'system'
      ? 'No yt-dlp on PATH: install your system package (e.g. apt-get install yt-dlp) or switch to the tool pack.'
      : 'yt-dlp is not installed: install it from the studio (From the web → yt-dlp) or with POST /web/tools/yt-dlp/install.',
    { details: { tool: 'yt-dlp', preference } },
  );
}
