/**
 * The webhook receivers' loopback opt-in names ports (engine/src/loopback-ports.ts): its old
 * on-switch `TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=1` (or `"webhooksAllowLoopback": true`) opens
 * nothing now. No tracked document or comment may still tell a user to set it, and the README,
 * webhooks.md and midi.md must show the port-list form (docs/api/webhooks.md, Loopback receivers).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/engine.ts';

const SELF = 'test/architecture/loopback-docs.test.ts';
/** The on-switch, written as an instruction (environment or settings.json). */
const ON_SWITCH = /WEBHOOKS_ALLOW_LOOPBACK=['"]?(1|true)\b|"?webhooksAllowLoopback"?\s*:\s*true\b/;

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return (
    out
      .split('\0')
      .filter((file) => /\.(md|ts|tsx|json|yml|cjs)$/.test(file) && file !== SELF)
      // The tests of the old switch itself set it on purpose, to show it opens nothing.
      .filter((file) => !file.endsWith('loopback-ports.test.ts'))
  );
}

describe('loopback opt-in docs', () => {
  it('no document, comment or message recommends the old on-switch', () => {
    const offenders: string[] = [];
    for (const file of trackedTextFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      text.split('\n').forEach((line, i) => {
        if (ON_SWITCH.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('README, webhooks.md and midi.md show the port list', () => {
    const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');
    expect(read('README.md')).toMatch(/TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK[^\n]*8080,9000/);
    expect(read('docs/api/webhooks.md')).toMatch(/TAPEHOUSE_WEBHOOKS_ALLOW_LOOPBACK=8080/);
    expect(read('docs/api/webhooks.md')).toMatch(/"webhooksAllowLoopback": \[8080, 9000\]/);
    expect(read('docs/api/midi.md')).toMatch(/TAPEHOUSE_FETCH_ALLOW_LOOPBACK=8080,9000/);
  });
});
