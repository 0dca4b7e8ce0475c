import fs from 'node:fs';
import { expect, it } from 'vitest';
import { ENGINE_VERSION } from './version.ts';

it('matches package.json', () => {
  const pkg = JSON.parse(
    fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  expect(ENGINE_VERSION).toBe(pkg.version);
});
