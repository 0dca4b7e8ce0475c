// The yt-dlp tool pack: the committed manifest, SHA2-256SUMS parsing by exact asset name, and an
// install from a local release mirror (the same layout as yt-dlp's GitHub releases): verified
// against the release's sums, refused when the binary differs, updated to the latest tag.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../errors.ts';
import { assetFor, digestFromSums, loadToolManifest } from './tool-manifest.ts';
import { chooseBinary, YtDlpPack } from './tool-pack.ts';

const manifest = loadToolManifest();
const asset = assetFor(manifest);
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-tools-'));
/** A stand-in binary per tag: a script that prints the tag as yt-dlp --version does. */
const binaries: Record<string, string> = {
  [manifest.version]: `#!/bin/sh\necho ${manifest.version}\n`,
  '2099.01.01': '#!/bin/sh\necho 2099.01.01\n',
};
let tampered = false;
let server: http.Server;
let releases = '';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/releases/latest') {
      res.writeHead(302, { Location: `${releases}/tag/2099.01.01` }).end();
      return;
    }
    const match = /^\/releases\/download\/([^/]+)\/(.+)$/.exec(url);
    const body = match ? binaries[match[1]!] : undefined;
    if (!match || body === undefined) return void res.writeHead(404).end();
    if (match[2] === 'SHA2-256SUMS') {
      res.end(
        `${sha('x')}  ${asset}_aarch64\n${sha(body)}  ${asset}\n${sha('y')}  yt-dlp.tar.gz\n`,
      );
    } else if (match[2] === asset) res.end(tampered ? `${body}# changed\n` : body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  releases = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(home, { recursive: true, force: true });
});

describe('the yt-dlp manifest', () => {
  it('pins a release with real URLs for every OS and invents no digest', () => {
    expect(manifest.checksums.url).toBe(
      `https://github.com/yt-dlp/yt-dlp/releases/download/${manifest.version}/SHA2-256SUMS`,
    );
    expect(manifest.assets.map((a) => a.platform)).toEqual(
      expect.arrayContaining(['linux-x64', 'linux-arm64', 'darwin-arm64', 'win32-x64']),
    );
    expect(Object.keys(manifest.digests)).toEqual([]);
  });

  it('reads a digest only for the exact asset name', () => {
    const sums = `${'a'.repeat(64)}  yt-dlp_linux\n${'b'.repeat(64)} *yt-dlp_linux_aarch64\n`;
    expect(digestFromSums(sums, 'yt-dlp_linux')).toBe('a'.repeat(64));
    expect(digestFromSums(sums, 'yt-dlp_linux_aarch64')).toBe('b'.repeat(64));
    expect(digestFromSums(sums, 'yt-dlp')).toBeNull();
  });
});

describe.runIf(asset !== null && process.platform !== 'win32')('installing', () => {
  const pack = (): YtDlpPack => new YtDlpPack({ home, manifest, releases });

  it('refuses a binary whose sha256 is not the release’s, keeping nothing', async () => {
    tampered = true;
    const error = await pack()
      .install(null)
      .catch((e: unknown) => e);
    tampered = false;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/SHA2-256SUMS says/);
    expect(pack().installed()).toBeNull();
  });

  it('installs the pinned release verified, runs it, and updates to the latest', async () => {
    const installed = await pack().install(null);
    expect(installed.version).toBe(manifest.version);
    expect(installed.sha256).toBe(sha(binaries[manifest.version]!));
    expect(await pack().verify()).toMatchObject({ ok: true });
    const chosen = await chooseBinary('pack', pack());
    expect(chosen).toMatchObject({ source: 'pack', version: manifest.version });

    const updated = await pack().install('latest');
    expect(updated.version).toBe('2099.01.01');
    expect((await chooseBinary('auto', pack())).version).toBe('2099.01.01');
    // The previous release's folder is gone; only the current one remains.
    expect(fs.readdirSync(path.join(home, 'tools', 'yt-dlp')).sort()).toEqual(
      ['.staging', '2099.01.01', 'current.json'].sort(),
    );
  });
});
