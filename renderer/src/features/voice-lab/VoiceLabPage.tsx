/**
 * The Voice lab (`#/voices/lab`): clone a voice from a recorded or uploaded sample (with the
 * live quality meter), design one from a description and keep it, and convert recordings to
 * your voices with A/B comparison. docs/api/voices-custom.md describes the routes.
 */
import { PageBody } from '../../ui/Layout.tsx';
import { ConvertCard } from './ConvertCard.tsx';
import { DesignCard } from './DesignCard.tsx';
import { SampleCard } from './SampleCard.tsx';

export function VoiceLabPage() {
  return (
    <PageBody testId="voice-lab-page">
      <SampleCard />
      <DesignCard />
      <ConvertCard />
    </PageBody>
  );
}
