/**
 * The studio's keyboard shortcuts, pure: what a key press means given the shortcuts registered
 * now. A shortcut is one key (`?`, `[`, `j`) or a two-key sequence (`g h`: press g, then h
 * within a second). Presses in a text field, a select's search or a contenteditable are the
 * field's, never a shortcut; so are presses with Ctrl, Alt or ⌘.
 */
export interface Shortcut {
  /** "?", "[", "j", "Space", "ArrowLeft", or a sequence "g h". */
  keys: string;
  description: string;
  /** The help overlay lists shortcuts under their group ("Studio", "Chapter player"). */
  group: string;
  run: () => void;
}

export const SEQUENCE_MS = 1_000;

/** The name of a key press as shortcuts write it. */
export function keyName(event: Pick<KeyboardEvent, 'key'>): string {
  if (event.key === ' ') return 'Space';
  return event.key.length === 1 ? event.key.toLowerCase() : event.key;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.closest(
      'input:not([type="checkbox"]):not([type="radio"]):not([type="range"]):not([type="file"]), textarea, select, [contenteditable="true"], [role="combobox"]',
    ) !== null
  );
}

export interface Press {
  key: string;
  at: number;
}

/**
 * The shortcut a press runs (null: none), given the press before it (for sequences). `?` is
 * written as itself: on most layouts it needs Shift, which is allowed.
 */
export function match(
  shortcuts: readonly Shortcut[],
  press: Press,
  previous: Press | null,
): Shortcut | null {
  const recent = previous && press.at - previous.at <= SEQUENCE_MS ? previous.key : null;
  const sequence = recent ? `${recent} ${press.key}` : null;
  return (
    (sequence ? shortcuts.find((s) => s.keys === sequence) : undefined) ??
    shortcuts.find((s) => s.keys === press.key) ??
    null
  );
}

/** Whether a press could start a registered sequence (so it is remembered, not dropped). */
export function startsSequence(shortcuts: readonly Shortcut[], key: string): boolean {
  return shortcuts.some((s) => s.keys.startsWith(`${key} `));
}

/** Shortcuts grouped for the help overlay, groups in first-registered order. */
export function grouped(shortcuts: readonly Shortcut[]): [string, Shortcut[]][] {
  const groups = new Map<string, Shortcut[]>();
  for (const shortcut of shortcuts) {
    groups.set(shortcut.group, [...(groups.get(shortcut.group) ?? []), shortcut]);
  }
  return [...groups.entries()];
}
