/**
 * The desktop app's data folder. It is the engine's default home (engine/src/config.ts
 * defaultHome), so the desktop app and a headless `npm run engine` share one library; the test
 * beside this file keeps the two in step.
 */
import os from 'node:os';
import path from 'node:path';

export function studioHome(
  platform: NodeJS.Platform = process.platform,
  env = process.env,
): string {
  const home = os.homedir();
  if (platform === 'win32') {
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Tapehouse');
  }
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Tapehouse');
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'tapehouse');
}
