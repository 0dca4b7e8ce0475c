/**
 * The studio's frame: skip links, the sidebar, the page's heading and the page, the keyboard
 * shortcuts and their help overlay. Pages live in features/<area>; ./features/shell/pages.tsx
 * says which one each area shows.
 */
import { useEffect, useRef, useState } from 'react';
import { AreaPage } from './features/shell/pages.tsx';
import { hrefFor, useHashPath } from './features/shell/router.ts';
import { DEFAULT_PATH, findArea } from './features/shell/routes.ts';
import { HelpOverlay } from './features/shell/HelpOverlay.tsx';
import { Sidebar } from './features/shell/Sidebar.tsx';
import { ShortcutsProvider } from './features/shell/shortcuts-context.tsx';
import { SkipLinks, SkipTargetsProvider } from './features/shell/skip-targets.tsx';
import { StudioShortcuts } from './features/shell/StudioShortcuts.tsx';
import { useSidebar } from './features/shell/use-sidebar.ts';
import styles from './features/shell/Shell.module.css';
import { Eyebrow } from './ui/Heading.tsx';

export function App() {
  const path = useHashPath();
  const area = findArea(path);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPath = useRef(path);
  const sidebar = useSidebar();
  const [help, setHelp] = useState(false);

  // After a navigation, move focus to the new page's heading so keyboard and screen-reader
  // users land on the content. The first render keeps the browser's own focus (comparing paths
  // rather than counting renders also holds under StrictMode's double effects).
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    document.getElementById('page-title')?.focus();
  }, [path]);

  const title = area ? (area.title ?? area.label) : 'Page not found';
  useEffect(() => {
    document.title = `${title} · Tapehouse`;
  }, [title]);

  return (
    <ShortcutsProvider>
      <SkipTargetsProvider>
        <StudioShortcuts onHelp={() => setHelp(true)} onToggleSidebar={sidebar.toggle} />
        <div className={styles.app}>
          <SkipLinks />
          <div className={styles.side}>
            <Sidebar path={path} sidebar={sidebar} />
          </div>
          <main
            className={styles.main}
            id="main"
            tabIndex={-1}
            data-testid={`page-${path.slice(1).replace(/\//g, '-')}`}
            onClick={sidebar.closeDrawer}
          >
            <header className={styles.header}>
              {area && <Eyebrow>{area.section}</Eyebrow>}
              <h1 className={styles.title} id="page-title" ref={heading} tabIndex={-1}>
                {title}
              </h1>
              <p className={styles.summary}>
                {area ? area.summary : `There is no studio page at “${path}”.`}
              </p>
            </header>
            {area ? (
              <AreaPage area={area} path={path} />
            ) : (
              <p>
                <a href={hrefFor(DEFAULT_PATH)}>Go to Home</a>
              </p>
            )}
          </main>
        </div>
        <HelpOverlay open={help} onClose={() => setHelp(false)} />
      </SkipTargetsProvider>
    </ShortcutsProvider>
  );
}
