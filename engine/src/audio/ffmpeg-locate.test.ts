import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers/temp-dir.ts';
import { AppError } from '../errors.ts';
import {
  FFMPEG_SOURCES,
  ffmpegCandidates,
  parseFfmpegVersion,
  resolveFfmpeg,
  type FfmpegInfo,
} from './ffmpeg-locate.ts';
import { testFfmpeg } from './test-signals.ts';

const posix = process.platform !== 'win32';

describe('resolveFfmpeg', () => {
  let real: FfmpegInfo;
  const temp = makeTempDir('tapehouse-locate-');
  const binDir = path.join(temp.dir, 'bin');
  const emptyDir = path.join(temp.dir, 'empty');
  const linked = path.join(binDir, 'ffmpeg');

  beforeAll(async () => {
    real = await testFfmpeg();
    fs.mkdirSync(binDir);
    fs.mkdirSync(emptyDir);
    fs.symlinkSync(real.path, linked);
    if (posix) {
      fs.writeFileSync(path.join(binDir, 'not-ffmpeg'), '#!/bin/sh\necho hello\n', { mode: 0o755 });
      fs.writeFileSync(path.join(binDir, 'hangs'), '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
      fs.writeFileSync(path.join(binDir, 'not-executable'), 'data', { mode: 0o644 });
    }
  });
  afterAll(() => temp.cleanup());

  it('finds a working ffmpeg with its version on this machine', () => {
    expect(real.version).toMatch(/\S/);
    expect(fs.existsSync(real.path)).toBe(true);
    expect(FFMPEG_SOURCES).toContain(real.source);
  });

  it('tries setting, ffmpeg-static, @ffmpeg-installer, PATH in that order', () => {
    const candidates = ffmpegCandidates({ setting: null });
    expect(candidates.map((c) => c.source)).toEqual([
      'setting',
      'ffmpeg-static',
      'ffmpeg-installer',
      'path',
    ]);
    expect(candidates[0]).toMatchObject({ path: null, problem: 'not set' });
    // ffmpeg-static is optional and its download fails here: it must be skipped, not used.
    const ffmpegStatic = candidates[1]!;
    if (ffmpegStatic.problem === null) expect(fs.existsSync(ffmpegStatic.path!)).toBe(true);
  });

  it('uses the setting first when it works', async () => {
    const info = await resolveFfmpeg({ setting: linked });
    expect(info).toMatchObject({ path: linked, source: 'setting', setting_error: null });
    expect(info.version).toBe(real.version);
  });

  it('accepts a folder holding ffmpeg, and a command name looked up on PATH', async () => {
    expect(await resolveFfmpeg({ setting: binDir })).toMatchObject({
      path: linked,
      source: 'setting',
    });
    const byName = await resolveFfmpeg({ setting: 'ffmpeg', env: { PATH: binDir } });
    expect(byName).toMatchObject({ path: linked, source: 'setting' });
  });

  it('falls through a broken setting and says why it was not used', async () => {
    const info = await resolveFfmpeg({ setting: '/nonexistent/ffmpeg' });
    expect(info.source).not.toBe('setting');
    expect(info.setting_error).toContain('/nonexistent/ffmpeg');
    expect(info.setting_error).toContain('does not exist');
  });

  it.runIf(posix)('rejects a setting that is not ffmpeg, not executable, or hangs', async () => {
    const notFfmpeg = await resolveFfmpeg({ setting: path.join(binDir, 'not-ffmpeg') });
    expect(notFfmpeg.setting_error).toMatch(/is not ffmpeg.*hello/);
    const notExec = await resolveFfmpeg({ setting: path.join(binDir, 'not-executable') });
    expect(notExec.setting_error).toContain('permission denied');
    const started = Date.now();
    const hangs = await resolveFfmpeg({ setting: path.join(binDir, 'hangs'), timeoutMs: 300 });
    expect(hangs.setting_error).toContain('did not answer -version within 0.3 s');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('finds ffmpeg on PATH', async () => {
    const info = await resolveFfmpeg({ setting: null, sources: ['path'], env: { PATH: binDir } });
    expect(info).toMatchObject({ path: linked, source: 'path', version: real.version });
  });

  it('fails with ffmpeg_unavailable listing every candidate and the fix', async () => {
    const error = await resolveFfmpeg({
      setting: '/nonexistent/ffmpeg',
      sources: ['setting', 'path'],
      env: { PATH: emptyDir },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('ffmpeg_unavailable');
    expect(appError.message).toContain('setting: /nonexistent/ffmpeg does not exist');
    expect(appError.message).toContain('path: no ffmpeg on PATH');
    expect(appError.message).toContain('TAPEHOUSE_FFMPEG');
    expect(appError.message).toMatch(/install ffmpeg/i);
    expect(appError.details?.tried).toHaveLength(2);
  });
});

describe('parseFfmpegVersion', () => {
  it('reads distribution and static build versions', () => {
    expect(parseFfmpegVersion('ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024')).toBe(
      '5.1.6-0+deb12u1',
    );
    expect(
      parseFfmpegVersion('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com'),
    ).toBe('N-47683-g0e8eb07980-static');
    expect(parseFfmpegVersion('hello')).toBeNull();
  });
});
