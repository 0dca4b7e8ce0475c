/**
 * tsc emits only JavaScript; the built engine also needs the committed SQL migrations next to
 * dist/engine/db/migrate.js (it finds them relative to its own file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './ensure-studio-built.ts';

const from = path.join(ROOT, 'engine/src/db/migrations');
const to = path.join(ROOT, 'dist/engine/db/migrations');
fs.rmSync(to, { recursive: true, force: true });
fs.cpSync(from, to, { recursive: true });
console.log(`copied migrations → ${path.relative(ROOT, to)}`);
