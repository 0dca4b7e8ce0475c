/**
 * Page tabs that are links (each tab is its own address, so it can be bookmarked and the back
 * button works): a navigation landmark with the current tab marked `aria-current="page"`.
 */
import styles from './Tabs.module.css';

export interface TabLink {
  href: string;
  label: string;
  current: boolean;
  testId?: string;
}

export function TabLinks({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <a
          key={tab.href}
          className={styles.tab}
          href={tab.href}
          aria-current={tab.current ? 'page' : undefined}
          data-testid={tab.testId}
        >
          {tab.label}
        </a>
      ))}
    </nav>
  );
}
