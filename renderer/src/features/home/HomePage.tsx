/**
 * Home: where the studio opens. Four things people come here to do, each one click from its
 * page, with a plain word on whether this machine has the models it needs yet.
 */
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { hrefFor } from '../shell/router.ts';
import type { Pack } from '../models/use-model-packs.ts';
import { useModelPacks } from '../models/use-model-packs.ts';
import { cx } from '../../ui/cx.ts';
import styles from './Home.module.css';

interface Task {
  id: string;
  title: string;
  about: string;
  icon: IconName;
  href: string;
  /** Secondary links (e.g. "Make MIDI" beside "Split stems"). */
  more?: { label: string; href: string }[];
  /** Pack tasks whose readiness is shown on the card. */
  packTasks: string[];
}

const TASKS: Task[] = [
  {
    id: 'narrate',
    title: 'Narrate a book',
    about: 'Import a manuscript, cast voices, narrate chapter by chapter and export for ACX.',
    icon: 'book',
    href: hrefFor('/audiobooks'),
    packTasks: ['tts'],
  },
  {
    id: 'music',
    title: 'Split stems / make MIDI',
    about: 'Pull vocals, drums, bass and more out of a mix, or turn a performance into MIDI.',
    icon: 'stems',
    href: hrefFor('/music/stems'),
    more: [{ label: 'Make MIDI', href: hrefFor('/music/midi') }],
    packTasks: ['stems', 'midi'],
  },
  {
    id: 'clean',
    title: 'Clean up a recording',
    about: 'Take hiss, hum and room noise out of a voice or instrument take.',
    icon: 'denoise',
    href: hrefFor('/music/denoise'),
    packTasks: ['denoise'],
  },
  {
    id: 'setup',
    title: 'Set up voices and models',
    about: 'Choose which voices and music models live on this machine; all of it runs offline.',
    icon: 'box',
    href: hrefFor('/settings/models'),
    more: [{ label: 'Browse voices', href: hrefFor('/voices') }],
    packTasks: [],
  },
];

function readiness(packs: Pack[] | undefined, tasks: string[]): string | null {
  if (packs === undefined || tasks.length === 0) return null;
  const relevant = packs.filter((p) => tasks.includes(p.task));
  if (relevant.length === 0) return null;
  const ready = relevant.filter((p) => p.ready).length;
  return ready === 0
    ? 'No models installed yet — the basic built-in tools still work'
    : `${ready} of ${relevant.length} models installed`;
}

export function HomePage() {
  const { list } = useModelPacks();
  return (
    <ul className={styles.tasks}>
      {TASKS.map((task) => {
        const status = readiness(list?.packs, task.packTasks);
        return (
          <li key={task.id} className={cx('card', styles.task)} data-testid={`home-${task.id}`}>
            <a className={styles.taskMain} href={task.href}>
              <span className={styles.taskIcon} aria-hidden="true">
                <Icon name={task.icon} size={28} />
              </span>
              <span className={styles.taskTitle}>{task.title}</span>
              <span className={styles.taskAbout}>{task.about}</span>
            </a>
            {status && <p className={styles.taskStatus}>{status}</p>}
            {task.more?.map((link) => (
              <a key={link.href} className={styles.taskMore} href={link.href}>
                {link.label} →
              </a>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
