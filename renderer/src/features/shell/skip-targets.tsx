/**
 * Skip links: "Skip to content" always, plus the places a page registers while it is shown
 * (`useSkipTarget('manuscript', 'Skip to the manuscript')`), so reaching a book's first paragraph
 * by keyboard takes two Tab presses instead of crossing the navigation and every toolbar.
 */
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type MouseEvent,
  type ReactNode,
} from 'react';
import styles from './SkipLinks.module.css';

interface Target {
  id: string;
  label: string;
}

interface Targets {
  add: (target: Target) => () => void;
  subscribe: (listener: () => void) => () => void;
  list: () => readonly Target[];
}

const SkipContext = createContext<Targets | null>(null);

function createTargets(): Targets {
  let targets: readonly Target[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    add(target) {
      targets = [...targets, target];
      changed();
      return () => {
        targets = targets.filter((t) => t !== target);
        changed();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: () => targets,
  };
}

export function SkipTargetsProvider({ children }: { children: ReactNode }) {
  const targets = useMemo(createTargets, []);
  return <SkipContext value={targets}>{children}</SkipContext>;
}

/** Adds a skip link to the element with this id while the calling component is shown. */
export function useSkipTarget(id: string, label: string): void {
  const targets = useContext(SkipContext);
  useEffect(() => targets?.add({ id, label }), [targets, id, label]);
}

/** Moves focus without touching the hash (the hash is the router). */
function focusTarget(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const element = document.getElementById(id);
  if (!element) return;
  if (!element.hasAttribute('tabindex') && !element.matches('a, button, input, textarea')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus();
  element.scrollIntoView?.({ block: 'start' });
}

export function SkipLinks() {
  const targets = useContext(SkipContext);
  const empty = useMemo<readonly Target[]>(() => [], []);
  const list = useSyncExternalStore(
    targets?.subscribe ?? (() => () => undefined),
    targets?.list ?? (() => empty),
  );
  return (
    <nav className={styles.skip} aria-label="Skip links">
      <a href="#main" onClick={(event) => focusTarget(event, 'main')}>
        Skip to content
      </a>
      {list.map((target) => (
        <a
          key={target.id}
          href={`#${target.id}`}
          onClick={(event) => focusTarget(event, target.id)}
        >
          {target.label}
        </a>
      ))}
    </nav>
  );
}
