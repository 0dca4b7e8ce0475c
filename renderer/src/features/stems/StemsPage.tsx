/**
 * The Stems page: choose a file and a mode, see the quote (measured duration and the price in
 * credits), start the separation, follow its progress, then mix the stems. The page says plainly
 * when the built-in DSP separator (the lower quality tier) does the work.
 */
import { PageBody } from '../../ui/Layout.tsx';
import { RecentResults } from '../results/RecentResults.tsx';
import { useReopenedJob } from '../results/use-reopened-job.ts';
import { StemMixer } from './StemMixer.tsx';
import { StemsEngines } from './StemsEngines.tsx';
import { StemsForm } from './StemsForm.tsx';
import { StemsProgress } from './StemsProgress.tsx';
import { useStemSeparation } from './use-stem-separation.ts';

export function StemsPage() {
  const separation = useStemSeparation();
  const { job, mixerStems, fileName } = separation;
  useReopenedJob(separation.reopen);
  return (
    <PageBody testId="stems-page">
      <StemsEngines packages={separation.packages} />
      <StemsForm separation={separation} />
      {job && <StemsProgress job={job} />}
      {mixerStems.length > 0 && (
        <StemMixer stems={mixerStems} baseName={fileName.replace(/\.[^.]+$/, '') || 'stems'} />
      )}
      <RecentResults type="stem_extraction" title="Earlier separations" openId={job?.id ?? null} />
    </PageBody>
  );
}
