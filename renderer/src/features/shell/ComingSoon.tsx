import { hrefFor } from './router.ts';
import type { AreaRoute } from './routes.ts';

/** The honest placeholder for areas not in this build. */
export function ComingSoon({ area }: { area: AreaRoute }) {
  return (
    <section
      className="coming-soon"
      data-testid="coming-soon"
      aria-label={`${area.label}: not available yet`}
    >
      <p className="coming-soon__tag">Coming in a later release</p>
      <p className="coming-soon__lead">
        {area.label} is not in this build yet. When it ships, it will run on this machine through
        the same local engine as everything else.
      </p>
      {area.plan && (
        <>
          <h2 className="coming-soon__heading">Planned</h2>
          <ul className="coming-soon__list">
            {area.plan.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      )}
      <p className="coming-soon__now">
        Available today: <a href={hrefFor('/jobs')}>analyze audio in Jobs</a> and check the{' '}
        <a href={hrefFor('/settings/engine')}>engine status</a>.
      </p>
    </section>
  );
}
