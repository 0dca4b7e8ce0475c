// extractMembers on real archives made with the system's tar (bzip2 and gzip): only the named
// members reach the disk, hashed as written (small ones too, which arrive in one chunk); a folder
// member keeps its tree and answers the tree digest `sha256sum | sort | sha256sum` gives; a
// member the archive lacks and a corrupt archive are clear errors.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { AppError } from '../errors.ts';
import { extractMembers } from './model-archive.ts';
import { hashTree } from './model-tree.ts';

const temp = makeTempDir('archive-');
afterAll(() => temp.cleanup());

function makeArchive(flag: '-cjf' | '-czf', name: string): { archive: string; model: Buffer } {
  const src = path.join(temp.dir, `src-${name}`);
  fs.mkdirSync(path.join(src, 'pack'), { recursive: true });
  const model = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 251));
  fs.writeFileSync(path.join(src, 'pack', 'model.onnx'), model);
  fs.writeFileSync(path.join(src, 'pack', 'README.md'), 'not wanted');
  const archive = path.join(temp.dir, name);
  execFileSync('tar', [flag, archive, '-C', src, 'pack']);
  return { archive, model };
}

describe('extractMembers', () => {
  for (const [flag, name] of [
    ['-cjf', 'pack.tar.bz2'],
    ['-czf', 'pack.tar.gz'],
  ] as const) {
    it(`unpacks the named member of a ${name.slice(5)} archive, and only it`, async () => {
      const { archive, model } = makeArchive(flag, name);
      const dest = fs.mkdtempSync(path.join(temp.dir, 'out-'));
      const done = await extractMembers(
        archive,
        name,
        [{ member: 'pack/model.onnx', name: 'segmentation.onnx' }],
        dest,
      );
      expect(done).toEqual([
        {
          name: 'segmentation.onnx',
          sha256: createHash('sha256').update(model).digest('hex'),
          bytes: model.length,
        },
      ]);
      expect(fs.readdirSync(dest)).toEqual(['segmentation.onnx']);
      expect(fs.readFileSync(path.join(dest, 'segmentation.onnx')).equals(model)).toBe(true);
    });
  }

  it('names a member the archive lacks', async () => {
    const { archive } = makeArchive('-cjf', 'lacking.tar.bz2');
    const error = await extractMembers(
      archive,
      'lacking.tar.bz2',
      [{ member: 'pack/model.int8.onnx', name: 'x.onnx' }],
      fs.mkdtempSync(path.join(temp.dir, 'out-')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/lacks pack\/model.int8.onnx/);
  });

  it('calls a corrupt archive unreadable', async () => {
    const bad = path.join(temp.dir, 'bad.tar.bz2');
    fs.writeFileSync(bad, Buffer.from('BZh9 this is not bzip2 data at all'));
    const error = await extractMembers(
      bad,
      'bad.tar.bz2',
      [{ member: 'pack/model.onnx', name: 'm.onnx' }],
      fs.mkdtempSync(path.join(temp.dir, 'out-')),
    ).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('validation_error');
  });

  it('writes a member small enough to arrive in one chunk, not just its digest', async () => {
    const { archive } = makeArchive('-cjf', 'small.tar.bz2');
    const dest = fs.mkdtempSync(path.join(temp.dir, 'out-'));
    const [readme] = await extractMembers(
      archive,
      'small.tar.bz2',
      [{ member: 'pack/README.md', name: 'README.md' }],
      dest,
    );
    expect(fs.readFileSync(path.join(dest, 'README.md'), 'utf8')).toBe('not wanted');
    expect(readme?.bytes).toBe(10);
  });

  it('unpacks a folder member as a tree, with the digest of its sorted sha256sum listing', async () => {
    const src = path.join(temp.dir, 'src-tree');
    const data = path.join(src, 'voice', 'espeak-ng-data');
    fs.mkdirSync(path.join(data, 'lang', 'gmw'), { recursive: true });
    fs.writeFileSync(path.join(data, 'phontab'), Buffer.alloc(5000, 7));
    fs.writeFileSync(path.join(data, 'en_dict'), 'dictionary');
    fs.writeFileSync(path.join(data, 'lang', 'gmw', 'en-US'), 'name English (America)\n');
    fs.writeFileSync(path.join(src, 'voice', 'model.onnx'), 'model');
    const archive = path.join(temp.dir, 'tree.tar.bz2');
    execFileSync('tar', ['-cjf', archive, '-C', src, 'voice']);
    // What projects that pin such trees run beside the folder (C-locale sort).
    const listing = execFileSync(
      'bash',
      ['-c', 'find espeak-ng-data -type f -exec sha256sum {} + | LC_ALL=C sort | sha256sum'],
      { cwd: path.join(src, 'voice') },
    )
      .toString()
      .split(' ')[0];
    const dest = fs.mkdtempSync(path.join(temp.dir, 'out-'));
    const done = await extractMembers(
      archive,
      'tree.tar.bz2',
      [
        { member: 'voice/espeak-ng-data', name: 'espeak-ng-data', folder: true },
        { member: 'voice/model.onnx', name: 'model.onnx' },
      ],
      dest,
    );
    expect(done.find((d) => d.name === 'espeak-ng-data')).toEqual({
      name: 'espeak-ng-data',
      sha256: listing,
      bytes: 5000 + 10 + 23,
    });
    expect(fs.readFileSync(path.join(dest, 'espeak-ng-data', 'lang', 'gmw', 'en-US'), 'utf8')).toBe(
      'name English (America)\n',
    );
    expect((await hashTree(path.join(dest, 'espeak-ng-data'), 'espeak-ng-data')).sha256).toBe(
      listing,
    );
    const missing = await extractMembers(
      archive,
      'tree.tar.bz2',
      [{ member: 'voice/no-such-folder', name: 'x', folder: true }],
      fs.mkdtempSync(path.join(temp.dir, 'out-')),
    ).catch((e: unknown) => e);
    expect((missing as AppError).message).toMatch(/lacks voice\/no-such-folder\//);
  });
});
