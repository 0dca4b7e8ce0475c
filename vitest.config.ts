import { defineConfig } from 'vitest/config';

// One runner for unit (beside the code), engine integration (test/integration), browser
// (test/e2e) and studio component tests (renderer/src/**/*.test.tsx, in jsdom: each file names
// its environment in a `@vitest-environment jsdom` comment). Integration tests spawn real processes, so files run in forks and the
// timeouts are generous for a 2-core machine; speed targets live in `npm run bench`.
export default defineConfig({
  test: {
    include: [
      'engine/**/*.test.ts',
      'scripts/**/*.test.ts',
      'electron/**/*.test.ts',
      'test/**/*.test.ts',
      'renderer/src/**/*.test.tsx',
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for UI and job state: its 1 s default gave up on a loaded CI machine
    // while the state was still on its way (a wait, not a speed target).
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './test/reporters/summary-line.ts'],
  },
});
