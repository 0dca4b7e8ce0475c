/**
 * Small files with one job each: no tracked source file (TypeScript, JavaScript, CSS) is over
 * 500 lines. Generated files are left out — the renderer's contract (`*.gen.ts`, written by
 * `npm run contract`); docs/api/openapi.json and the migrations' meta JSON are not source here.
 * A file over the limit is split by what its parts hold (docs/architecture.md).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/engine.ts';

const MAX_LINES = 500;
const SOURCE = /\.(ts|tsx|js|cjs|mjs|css)$/;
const GENERATED = /\.gen\.ts$/;

function trackedSourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return out
    .split('\0')
    .filter((file) => SOURCE.test(file) && !GENERATED.test(file))
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** Lines as `wc -l` counts them: a last line without a newline still counts. */
function lineCount(file: string): number {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

describe('file size', () => {
  it('finds the tracked source files', () => {
    const files = trackedSourceFiles();
    expect(files).toContain('engine/src/config.ts');
    expect(files).toContain('test/architecture/file-size.test.ts');
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  });

  it(`keeps every tracked source file at ${MAX_LINES} lines or fewer`, () => {
    const over = trackedSourceFiles()
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(over, `split these by what their parts hold: ${over.join(', ')}`).toEqual([]);
  });
});
