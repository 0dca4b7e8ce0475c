/**
 * The studio's navigation: every area under its section, each with its own icon, the engine's
 * state at the bottom. Collapsed, it is a rail of icons whose names are their tooltips and
 * accessible names (./use-sidebar.ts decides when).
 */
import { IconButton } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useEngineHealth } from '../engine/health-context.tsx';
import { AREAS, findArea, type AreaRoute } from './routes.ts';
import { hrefFor } from './router.ts';
import styles from './Sidebar.module.css';
import type { SidebarState } from './use-sidebar.ts';

const SECTIONS = ['Production', 'Music tools', 'Studio', 'Settings'] as const;

export function Sidebar({ path, sidebar }: { path: string; sidebar: SidebarState }) {
  const { health } = useEngineHealth();
  const activeJobs = health ? health.jobs.queued + health.jobs.running : 0;
  const { collapsed, narrow } = sidebar;
  return (
    <aside
      id="sidebar"
      className={cx(
        styles.sidebar,
        collapsed && styles.rail,
        narrow && !collapsed && styles.drawer,
      )}
      data-testid="sidebar"
      data-collapsed={collapsed}
    >
      <div className={styles.top}>
        <a className={styles.brand} href={hrefFor('/home')} aria-label="Tapehouse home">
          <span className={styles.mark} aria-hidden="true">
            <span />
            <span />
          </span>
          {!collapsed && <span className={styles.name}>Tapehouse</span>}
        </a>
        <IconButton
          icon="sidebar"
          label={collapsed ? 'Show the full navigation ([)' : 'Collapse the navigation ([)'}
          size="sm"
          aria-expanded={!collapsed}
          aria-controls="sidebar"
          onClick={sidebar.toggle}
          testId="sidebar-toggle"
        />
      </div>
      <nav className={styles.nav} aria-label="Studio areas">
        {SECTIONS.map((section) => {
          const id = `nav-${section.replace(/\s+/g, '-').toLowerCase()}`;
          return (
            <div className={styles.section} key={section}>
              {/* A label, not a heading: the page's own h1 should be the first heading. */}
              <p className={cx(styles.heading, collapsed && 'visually-hidden')} id={id}>
                {section}
              </p>
              <ul className={styles.list} aria-labelledby={id}>
                {AREAS.filter((area) => area.section === section).map((area) => (
                  <NavItem
                    key={area.path}
                    area={area}
                    collapsed={collapsed}
                    active={findArea(path) === area}
                    count={area.path === '/jobs' ? activeJobs : 0}
                    onNavigate={sidebar.closeDrawer}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <EnginePill collapsed={collapsed} />
    </aside>
  );
}

function NavItem({
  area,
  active,
  count,
  collapsed,
  onNavigate,
}: {
  area: AreaRoute;
  active: boolean;
  count: number;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  return (
    <li>
      <a
        className={cx(styles.link, active && styles.active)}
        href={hrefFor(area.path)}
        aria-current={active ? 'page' : undefined}
        title={collapsed ? area.label : undefined}
        data-testid={`nav-${area.path.slice(1).replace(/\//g, '-')}`}
        onClick={onNavigate}
      >
        <Icon name={area.icon} size={collapsed ? 18 : 16} />
        <span className={cx(styles.label, collapsed && 'visually-hidden')}>{area.label}</span>
        {count > 0 && (
          <span className={styles.count} aria-label={`${count} active`}>
            {count}
          </span>
        )}
        {!area.ready && !collapsed && <span className={styles.soon}>Soon</span>}
      </a>
    </li>
  );
}

function EnginePill({ collapsed }: { collapsed: boolean }) {
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
      className={cx(styles.pill, tone !== 'neutral' && styles[tone])}
      href={hrefFor('/settings/engine')}
      data-testid="engine-pill"
      title={collapsed ? text : undefined}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span role="status" className={collapsed ? 'visually-hidden' : undefined}>
        {text}
      </span>
    </a>
  );
}
