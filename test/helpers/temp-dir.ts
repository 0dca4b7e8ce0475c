import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh temp folder removed after the test file; each test gets its own data dir. */
export function makeTempDir(prefix = 'tapehouse-test-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
