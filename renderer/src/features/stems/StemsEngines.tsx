/** Which separators this machine has, saying plainly when only the built-in (DSP) tier is. */
import { Alert } from '../../ui/Alert.tsx';
import { Badge } from '../../ui/Badge.tsx';
import { Card } from '../../ui/Card.tsx';
import { InstallLink } from '../models/InstallLink.tsx';
import type { StemPackages } from './stems-types.ts';
import styles from './Stems.module.css';

export function StemsEngines({ packages }: { packages: StemPackages | null }) {
  const dspEngine = packages?.engines.find((e) => e.tier === 'dsp');
  const neural = packages?.engines.filter((e) => e.tier === 'neural') ?? [];
  return (
    <Card title="Separators on this machine" testId="stems-engines">
      {neural.length === 0 && dspEngine && (
        <Alert tone="warn" testId="stems-dsp-notice" action={<InstallLink task="stems" />}>
          Only the built-in separator is installed. It is the <strong>lower quality tier</strong>:
          signal processing, not a trained model, so expect bleed between stems. Install a neural
          separator for cleaner results.
        </Alert>
      )}
      <ul className={styles.engines}>
        {packages?.engines.map((e) => (
          <li key={e.id}>
            <Badge tone={e.tier === 'dsp' ? 'warn' : 'ok'}>
              {e.tier === 'dsp' ? 'Built-in · lower quality' : 'Neural'}
            </Badge>
            {e.title}
          </li>
        ))}
      </ul>
    </Card>
  );
}
