/**
 * The keyboard help (`?`): every shortcut registered right now, by group, so what it lists is
 * what works on the page in front of you.
 */
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { grouped } from './shortcuts.ts';
import { useShortcutList } from './shortcuts-context.tsx';
import styles from './HelpOverlay.module.css';

const KEY_NAMES: Record<string, string> = {
  Space: 'Space',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
};

export function Keys({ keys }: { keys: string }) {
  return (
    <>
      {keys.split(' ').map((key, i) => (
        <kbd className={styles.key} key={`${key}-${i}`}>
          {KEY_NAMES[key] ?? key}
        </kbd>
      ))}
    </>
  );
}

export function HelpOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const shortcuts = useShortcutList();
  return (
    <Dialog
      open={open}
      title="Keyboard shortcuts"
      size="lg"
      onClose={onClose}
      testId="shortcut-help"
      actions={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className={styles.groups}>
        {grouped(shortcuts).map(([group, list]) => (
          <section className={styles.group} key={group} aria-label={group}>
            <Heading level={3}>{group}</Heading>
            <dl className={styles.list}>
              {list.map((shortcut) => (
                <div key={shortcut.keys} style={{ display: 'contents' }}>
                  <dt>
                    <Keys keys={shortcut.keys} />
                  </dt>
                  <dd>{shortcut.description}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
