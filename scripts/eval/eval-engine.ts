/**
 * An engine for an eval run: in this process, on a throwaway data folder (nothing an eval does
 * lands in the user's own), but seeing the packs the user installed — each installed pack folder
 * of the real data folder is linked in, read only — and TAPEHOUSE_MODELS_DIR as usual.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../engine/src/config.ts';
import { createEngine } from '../../engine/src/engine.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';

export interface EvalEngine {
  /** `http://127.0.0.1:<port>` */
  url: string;
  auth: Record<string, string>;
  home: string;
  stop(): Promise<void>;
}

/** The user's registry: installed packs in their data folder, TAPEHOUSE_MODELS_DIR first. */
export function userRegistry(): ModelRegistry {
  return new ModelRegistry(loadConfig(process.env, {}));
}

export async function startEvalEngine(name: string): Promise<EvalEngine> {
  const real = userRegistry();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `tapehouse-eval-${name}-`));
  fs.mkdirSync(path.join(home, 'models'), { recursive: true });
  if (fs.existsSync(real.installRoot)) {
    for (const entry of fs.readdirSync(real.installRoot, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      fs.symlinkSync(
        path.join(real.installRoot, entry.name),
        path.join(home, 'models', entry.name),
      );
    }
  }
  const token = `eval-${Date.now()}`;
  const engine = await createEngine(
    loadConfig({ ...process.env, TAPEHOUSE_PORT: '0' }, { home, port: 0 }),
    { studioToken: token, log: () => {} },
  );
  const url = await engine.listen();
  return {
    url,
    auth: { Authorization: `Bearer ${token}` },
    home,
    stop: async () => {
      await engine.stop();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A loud banner for what could not be measured, and why. */
export function skipped(name: string, lines: readonly string[]): void {
  console.log('');
  console.log('=====================================================================');
  console.log(` ${name}: SKIPPED — packs this machine lacks:`);
  for (const line of lines) console.log(`   - ${line}`);
  console.log(' Install them with `npm run models -- install <pack>` (or from the studio).');
  console.log('=====================================================================');
}
