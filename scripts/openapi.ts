/**
 * `npm run openapi` writes docs/api/openapi.json from the route table; `npm run openapi:check`
 * fails (exit 1) when the committed file is stale, which CI runs as part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../engine/src/api/openapi.ts';
import { removedRoutes, routeTable } from '../engine/src/api/route-table.ts';
import { ENGINE_VERSION } from '../engine/src/version.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs/api/openapi.json');
const text = `${JSON.stringify(buildOpenApi(routeTable, removedRoutes, ENGINE_VERSION), null, 2)}\n`;
const mode = process.argv[2] ?? 'write';

if (mode === 'check') {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error('docs/api/openapi.json is stale: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('docs/api/openapi.json is current.');
} else {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  console.log(`wrote ${path.relative(root, target)}`);
}
