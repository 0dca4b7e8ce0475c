/**
 * TEST-ONLY: `TAPEHOUSE_TEST_HOLD_JOBS` (job types, comma-separated, or `*`) makes the engine
 * hold each job of those types after its handler's real work, before the runner records the
 * outcome: the job stays `running` (stage {@link TEST_HOLD_STAGE}, credits held, outputs written
 * but not recorded) until it is cancelled or the engine stops. The crash test
 * (test/integration/crash-all-jobs.test.ts) kills the engine with every job type held this way,
 * however fast or slow the machine or the job is (docs/api/jobs.md, "Shutdown and crashes").
 *
 * It wraps handlers where they are registered (engine.ts), so it reaches every job type through
 * the one seam all of them share and no area knows of it. A job whose work fails is not held:
 * it fails as it would without the hook. The hosted profile refuses to start with it (when the
 * configuration is read and again when handlers are registered): no harness runs there, and a
 * held job would only keep a customer's credits.
 */
import type { JobContext, JobHandler } from './job-types.ts';

/** The stage a held job shows (the test waits for it). */
export const TEST_HOLD_STAGE = 'held by the test harness';

/** Every job type, in TAPEHOUSE_TEST_HOLD_JOBS. */
const EVERY_TYPE = '*';

function refuseHosted(profile: string): void {
  if (profile === 'hosted')
    throw new Error(
      'TAPEHOUSE_TEST_HOLD_JOBS is a test-only setting; the hosted profile refuses it.',
    );
}

/** The types to hold, or null when the variable is unset or empty. */
export function parseTestHold(value: string | undefined, profile: string): string[] | null {
  const types = (value ?? '')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  if (types.length === 0) return null;
  refuseHosted(profile);
  return types;
}

/** The handler to register: `handler` itself, or held when the setting names its type. */
export function withTestHold<I, R>(
  handler: JobHandler<I, R>,
  config: { testHoldJobs: readonly string[] | null; profile: string },
): JobHandler<I, R> {
  const types = config.testHoldJobs;
  if (types === null || !(types.includes(EVERY_TYPE) || types.includes(handler.type)))
    return handler;
  refuseHosted(config.profile);
  return holdForTest(handler);
}

function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** `handler`, held after its work until its signal fires (cancel or engine stop). */
function holdForTest<I, R>(handler: JobHandler<I, R>): JobHandler<I, R> {
  return {
    type: handler.type,
    resource: handler.resource,
    idempotent: handler.idempotent,
    input: handler.input,
    ...(handler.price && { price: handler.price.bind(handler) }),
    ...(handler.waitsFor && { waitsFor: handler.waitsFor.bind(handler) }),
    async run(ctx: JobContext<I>): Promise<R> {
      let percent = 0;
      await handler.run({
        ...ctx,
        progress: (update) => {
          percent = update.percent;
          ctx.progress(update);
        },
      });
      ctx.progress({ percent, stage: TEST_HOLD_STAGE });
      await aborted(ctx.signal);
      // Ends as the signal says: cancelled by the user, or left for recovery on shutdown.
      throw ctx.signal.reason;
    },
  };
}
