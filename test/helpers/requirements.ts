/**
 * What tests need from the machine. Everything the project installs itself (ffmpeg, Chromium)
 * must be present: a missing one fails the test with a message naming it. Real model files are
 * the one exception: outside CI a test that needs them skips loudly, printing what is missing.
 */
import fs from 'node:fs';
import path from 'node:path';

export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/** Resolves a file under TAPEHOUSE_MODELS_DIR, or null (with a loud note) when absent outside CI. */
export function realModel(relative: string): string | null {
  const dir = process.env.TAPEHOUSE_MODELS_DIR;
  const file = dir ? path.resolve(dir, relative) : null;
  if (file && fs.existsSync(file)) return file;
  const why = dir
    ? `${relative} not found under TAPEHOUSE_MODELS_DIR=${dir}`
    : `TAPEHOUSE_MODELS_DIR is not set (needed for ${relative})`;
  if (IN_CI) throw new Error(`real model missing in CI: ${why}`);
  console.warn(`\n[SKIPPING real-model test] ${why}\n`);
  return null;
}

/** Resolves a folder under TAPEHOUSE_DATA_DIR, with the same CI rule as realModel. */
export function realData(relative: string): string | null {
  const dir = process.env.TAPEHOUSE_DATA_DIR;
  const file = dir ? path.resolve(dir, relative) : null;
  if (file && fs.existsSync(file)) return file;
  const why = dir
    ? `${relative} not found under TAPEHOUSE_DATA_DIR=${dir}`
    : `TAPEHOUSE_DATA_DIR is not set (needed for ${relative})`;
  if (IN_CI) throw new Error(`test data missing in CI: ${why}`);
  console.warn(`\n[SKIPPING real-data test] ${why}\n`);
  return null;
}

export function requireFile(file: string, what: string): string {
  if (!fs.existsSync(file)) throw new Error(`${what} is required but missing at ${file}`);
  return file;
}
