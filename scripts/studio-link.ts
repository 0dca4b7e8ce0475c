/**
 * `npm run studio-link [engine URL]`: prints a new one-time sign-in link for the web studio of
 * the engine running on this machine (default http://127.0.0.1:$TAPEHOUSE_PORT, else :7341). It
 * proves it is the owner with the studio token the engine wrote to its data folder
 * (TAPEHOUSE_HOME or the per-OS default), which only the user running the engine can read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORT, defaultHome } from '../engine/src/config.ts';

const home = path.resolve(process.env.TAPEHOUSE_HOME || defaultHome());
const engineUrl = (
  process.argv[2] ?? `http://127.0.0.1:${process.env.TAPEHOUSE_PORT || DEFAULT_PORT}`
).replace(/\/+$/, '');

let token: string;
try {
  token = fs.readFileSync(path.join(home, 'studio-token'), 'utf8').trim();
} catch {
  console.error(`studio-link: no studio token in ${home}; is the engine running there?`);
  process.exit(1);
}

try {
  const response = await fetch(`${engineUrl}/api/v1/local/login-links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    throw new Error(
      response.status === 401
        ? `the engine at ${engineUrl} does not use the data folder ${home}`
        : `the engine answered ${response.status}`,
    );
  }
  const { url } = (await response.json()) as { url: string };
  console.log(url);
} catch (error) {
  console.error(`studio-link: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
