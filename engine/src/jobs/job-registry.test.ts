import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JobRegistry } from './job-registry.ts';
import { canTransition, JOB_STATUSES, TERMINAL_STATUSES } from './job-types.ts';

describe('job registry', () => {
  it('refuses a second handler for the same type', () => {
    const registry = new JobRegistry();
    const handler = {
      type: 't',
      resource: 'io' as const,
      idempotent: true,
      input: z.object({}),
      run: async () => 1,
    };
    registry.register(handler);
    expect(() => registry.register(handler)).toThrow(/two handlers/);
    expect(() => registry.get('missing')).toThrow(/No handler/);
  });
});

describe('job state machine', () => {
  it('never leaves a terminal state', () => {
    for (const from of TERMINAL_STATUSES)
      for (const to of JOB_STATUSES) expect(canTransition(from, to)).toBe(false);
  });
  it('allows the documented transitions only', () => {
    expect(canTransition('queued', 'running')).toBe(true);
    expect(canTransition('queued', 'completed')).toBe(false);
    expect(canTransition('running', 'queued')).toBe(true);
    expect(canTransition('running', 'cancelled')).toBe(true);
  });
});
