/** Which separators this machine has, saying plainly when only the DSP tier is installed. */
import type { StemPackages } from './stems-types.ts';

export function StemsEngines({ packages }: { packages: StemPackages | null }) {
  const dspEngine = packages?.engines.find((e) => e.tier === 'dsp');
  const neural = packages?.engines.filter((e) => e.tier === 'neural') ?? [];
  return (
    <section className="card stems-engines" aria-label="Separation engines">
      <h2>Engines on this machine</h2>
      {neural.length === 0 && dspEngine && (
        <p className="stems-notice" data-testid="stems-dsp-notice">
          Only the embedded DSP separator is installed. It is the{' '}
          <strong>lower quality tier</strong>: signal processing, not a trained model, so expect
          bleed between stems. Install a neural separator pack for cleaner results.
        </p>
      )}
      <ul>
        {packages?.engines.map((e) => (
          <li key={e.id}>
            <span className={`stems-badge stems-badge--${e.tier}`}>
              {e.tier === 'dsp' ? 'DSP · lower quality' : 'neural'}
            </span>{' '}
            {e.title}
          </li>
        ))}
      </ul>
    </section>
  );
}
