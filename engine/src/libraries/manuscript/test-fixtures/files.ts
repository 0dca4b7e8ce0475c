/** Temporary files for extractManuscript tests, removed after each test file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tapehouse-manuscript-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
export function tempFile(data: Buffer | string, name = 'file.bin'): string {
  n += 1;
  const file = path.join(dir, `${n}-${name}`);
  fs.writeFileSync(file, data);
  return file;
}
