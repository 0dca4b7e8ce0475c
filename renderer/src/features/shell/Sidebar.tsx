import { Icon } from '../../components/Icon.tsx';
import { useEngineHealth } from '../engine/health-context.tsx';
import { AREAS, findArea, type AreaRoute } from './routes.ts';
import { hrefFor } from './router.ts';

const SECTIONS = ['Production', 'Music tools', 'Studio', 'Settings'] as const;

export function Sidebar({ path }: { path: string }) {
  const { health } = useEngineHealth();
  const activeJobs = health ? health.jobs.queued + health.jobs.running : 0;
  return (
    <aside className="sidebar">
      <div className="brand">
        <span className="brand__mark" aria-hidden="true">
          <span />
          <span />
        </span>
        <span className="brand__name">Tapehouse</span>
      </div>
      <nav className="nav" aria-label="Studio areas">
        {SECTIONS.map((section) => {
          const id = `nav-${section.replace(/\s+/g, '-').toLowerCase()}`;
          return (
            <div className="nav__section" key={section}>
              {/* A label, not a heading: the page's own h1 should be the first heading. */}
              <p className="nav__heading" id={id}>
                {section}
              </p>
              <ul aria-labelledby={id}>
                {AREAS.filter((area) => area.section === section).map((area) => (
                  <NavItem
                    key={area.path}
                    area={area}
                    active={findArea(path) === area}
                    count={area.path === '/jobs' ? activeJobs : 0}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <EnginePill />
    </aside>
  );
}

function NavItem({ area, active, count }: { area: AreaRoute; active: boolean; count: number }) {
  return (
    <li>
      <a
        className={`nav__link${active ? ' nav__link--active' : ''}`}
        href={hrefFor(area.path)}
        aria-current={active ? 'page' : undefined}
        data-testid={`nav-${area.path.slice(1).replace(/\//g, '-')}`}
      >
        <Icon name={area.icon} />
        <span className="nav__label">{area.label}</span>
        {count > 0 && (
          <span className="nav__count" aria-label={`${count} active`}>
            {count}
          </span>
        )}
        {!area.ready && <span className="nav__soon">Soon</span>}
      </a>
    </li>
  );
}

function EnginePill() {
  const { health, error } = useEngineHealth();
  let tone: 'ok' | 'warn' | 'error' | 'neutral' = 'neutral';
  let text = 'Connecting to engine…';
  if (error) {
    tone = 'error';
    text = 'Engine unreachable';
  } else if (health) {
    tone = health.status === 'ok' ? 'ok' : 'warn';
    text = `Engine ${health.version}${health.status === 'ok' ? '' : ' · degraded'}`;
  }
  return (
    <a
      className={`engine-pill engine-pill--${tone}`}
      href={hrefFor('/settings/engine')}
      data-testid="engine-pill"
      title={error ?? undefined}
    >
      <span className="engine-pill__dot" aria-hidden="true" />
      <span role="status">{text}</span>
    </a>
  );
}
