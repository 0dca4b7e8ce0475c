import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { isAppError } from '../../../errors.ts';
import { UrlSigner } from './url-signer.ts';

const homes: string[] = [];
function home(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'th-urls-'));
  homes.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of homes.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function parts(url: string): { token: string; expires: number; signature: string } {
  const parsed = new URL(url, 'http://x');
  return {
    token: parsed.pathname.split('/').pop() ?? '',
    expires: Number(parsed.searchParams.get('expires')),
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return isAppError(error) ? error.code : 'thrown';
  }
  return 'none';
}

describe('UrlSigner', () => {
  it('round-trips a file inside the data dir and keeps its name and type', () => {
    const dir = home();
    const file = path.join(dir, 'out', 'a.mid');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'x');
    const signer = new UrlSigner(dir, new ManualClock(1_000_000));
    const signed = signer.sign({ path: file, filename: 'song.mid', contentType: 'audio/midi' }, 60);
    expect(signed.url.startsWith('/api/v1/downloads/')).toBe(true);
    const { token, expires, signature } = parts(signed.url);
    expect(signer.verify(token, expires, signature)).toEqual({
      path: file,
      filename: 'song.mid',
      contentType: 'audio/midi',
    });
    // The key persists: a second signer on the same data dir accepts the URL.
    expect(
      new UrlSigner(dir, new ManualClock(1_000_000)).verify(token, expires, signature).path,
    ).toBe(file);
  });

  it('refuses tampering (403), expiry and deleted files (410), and paths outside the data dir', () => {
    const dir = home();
    const file = path.join(dir, 'b.wav');
    fs.writeFileSync(file, 'x');
    const clock = new ManualClock(5_000_000);
    const signer = new UrlSigner(dir, clock);
    const { token, expires, signature } = parts(
      signer.sign({ path: file, filename: 'b.wav', contentType: 'audio/wav' }, 10).url,
    );
    expect(codeOf(() => signer.verify(token, expires + 100, signature))).toBe('forbidden');
    expect(codeOf(() => signer.verify(`${token}x`, expires, signature))).toBe('forbidden');
    clock.advance(11_000);
    expect(codeOf(() => signer.verify(token, expires, signature))).toBe('gone');
    clock.set(5_000_000);
    fs.rmSync(file);
    expect(codeOf(() => signer.verify(token, expires, signature))).toBe('gone');
    expect(() =>
      signer.sign({ path: path.join(os.tmpdir(), 'elsewhere'), filename: 'e', contentType: 'x' }),
    ).toThrow(/inside the data dir/);
  });

  // Issue 25, defect 9: a URL signed with the engine's own key served /etc/hostname. The
  // signature proves who signed; the path must still stay inside the data folder.
  it('keeps a validly signed path inside the data folder: .., absolute and symlinks out refused', () => {
    const dir = home();
    const signer = new UrlSigner(dir, new ManualClock(1_000_000));
    const key = Buffer.from(
      fs.readFileSync(path.join(dir, 'url-signing-key'), 'utf8').trim(),
      'base64url',
    );
    // Signed the way the engine signs (HMAC-SHA256 over "<token>.<expires>"), by its key.
    const signed = (p: string): [string, number, string] => {
      const token = Buffer.from(JSON.stringify({ p, n: 'x', t: 'text/plain' })).toString(
        'base64url',
      );
      const expires = 2_000;
      const mac = createHmac('sha256', key).update(`${token}.${expires}`).digest('base64url');
      return [token, expires, mac];
    };
    const outside = path.join(home(), 'secret.txt');
    fs.writeFileSync(outside, 'not yours');
    fs.symlinkSync(outside, path.join(dir, 'link.txt'));
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.symlinkSync(path.dirname(outside), path.join(dir, 'sub', 'dir-link'));
    const attempts = [
      path.relative(dir, '/etc/hostname'),
      '/etc/hostname',
      path.relative(dir, outside),
      'link.txt',
      'sub/dir-link/secret.txt',
      'sub/../../x',
    ];
    for (const attempt of attempts) {
      expect(
        codeOf(() => signer.verify(...signed(attempt))),
        attempt,
      ).toBe('forbidden');
    }
    // A directory inside the data folder is no file either.
    expect(codeOf(() => signer.verify(...signed('sub')))).toBe('gone');
    fs.writeFileSync(path.join(dir, 'sub', 'ok.txt'), 'yours');
    expect(signer.verify(...signed('sub/ok.txt')).path).toBe(
      fs.realpathSync(path.join(dir, 'sub', 'ok.txt')),
    );
  });
});
