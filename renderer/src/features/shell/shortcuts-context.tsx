/**
 * Keyboard shortcuts for the whole studio: one keydown listener on the document, and a registry
 * pages add to while they are shown (`useShortcut`). The help overlay (`?`) lists what is
 * registered now, so it is always true for the page in front of you. Rules: ./shortcuts.ts.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  isTypingTarget,
  keyName,
  match,
  startsSequence,
  type Press,
  type Shortcut,
} from './shortcuts.ts';

interface Registry {
  add: (shortcut: Shortcut) => () => void;
  subscribe: (listener: () => void) => () => void;
  list: () => readonly Shortcut[];
}

const ShortcutsContext = createContext<Registry | null>(null);

function createRegistry(): Registry {
  let shortcuts: readonly Shortcut[] = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    add(shortcut) {
      shortcuts = [...shortcuts, shortcut];
      changed();
      return () => {
        shortcuts = shortcuts.filter((s) => s !== shortcut);
        changed();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    list: () => shortcuts,
  };
}

export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const registry = useMemo(createRegistry, []);
  const previous = useRef<Press | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target)) return;
      // A modal dialog owns the keyboard, except for the help overlay's own key.
      if (document.querySelector('dialog[open]') && event.key !== '?') return;
      const press = { key: keyName(event), at: event.timeStamp };
      const shortcut = match(registry.list(), press, previous.current);
      previous.current =
        shortcut === null && startsSequence(registry.list(), press.key) ? press : null;
      if (!shortcut) return;
      // A focused button would also take Space or Enter as a click: the shortcut is the action.
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [registry]);

  return <ShortcutsContext value={registry}>{children}</ShortcutsContext>;
}

function useRegistry(): Registry {
  const registry = useContext(ShortcutsContext);
  if (!registry) throw new Error('shortcuts need a <ShortcutsProvider> above them');
  return registry;
}

/** Registers a shortcut while the calling component is shown. `run` may change every render. */
export function useShortcut(
  keys: string,
  description: string,
  run: () => void,
  group = 'This page',
  enabled = true,
): void {
  const registry = useRegistry();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const call = useCallback(() => latest.current(), []);
  useEffect(() => {
    if (!enabled) return;
    return registry.add({ keys, description, group, run: call });
  }, [registry, keys, description, group, call, enabled]);
}

/** Everything registered now (the help overlay). */
export function useShortcutList(): readonly Shortcut[] {
  const registry = useRegistry();
  return useSyncExternalStore(registry.subscribe, registry.list);
}
