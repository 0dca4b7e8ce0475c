/**
 * The Noise reduction page: choose a recording (audio or video) and a quality mode, start the
 * job, follow its progress (stage, percent, time left), then compare before and after with A/B
 * playback, read the measured noise reduction and download the result.
 */
import { PageBody } from '../../ui/Layout.tsx';
import { RecentResults } from '../results/RecentResults.tsx';
import { useReopenedJob } from '../results/use-reopened-job.ts';
import { DenoiseForm } from './DenoiseForm.tsx';
import { DenoiseResult } from './DenoiseResult.tsx';
import { isFinished } from './denoise-types.ts';
import { useDenoise } from './use-denoise.ts';

export function DenoisePage() {
  const run = useDenoise();
  const job = run.record;
  useReopenedJob(run.reopen);
  return (
    <PageBody testId="denoise-page">
      <DenoiseForm
        busy={run.busy}
        running={job !== null && !isFinished(job)}
        error={run.error}
        onStart={(file, mode) => run.start({ file, mode })}
      />
      {job && <DenoiseResult job={job} />}
      <RecentResults type="denoise" title="Earlier clean-ups" openId={job?.id ?? null} />
    </PageBody>
  );
}
