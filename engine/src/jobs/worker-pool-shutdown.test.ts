// Issue 13, defect 6: closing the pool while a worker is inside an ONNX Runtime call must not
// abort the process. The child process closes its pool mid-call and must exit 0, not 134.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSlowMatmulModel } from './test-fixtures/slow-matmul-model.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pool-shutdown-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('worker pool shutdown', () => {
  it('lets a running ONNX call return before the thread goes (exit 0, no native abort)', () => {
    const model = writeSlowMatmulModel(path.join(dir, 'slow.onnx'));
    const child = fileURLToPath(new URL('./test-fixtures/pool-shutdown-child.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', child, model], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(output).not.toMatch(/terminate called|Napi::Error/);
    expect(result.signal).toBeNull();
    expect(result.status, output).toBe(0);
    expect(result.stdout).toContain('closed');
  }, 130_000);
});
