/**
 * Home: where the studio opens. The first time, the setup question ("What will you do here?")
 * comes first; then the things people come here to do, each one click from its page, with the
 * engine's own word on whether this computer is ready for it (the capability status every page
 * shares: features/models/capabilities.ts).
 */
import { formatBytes } from '../../lib/format.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { InstallPackButton } from '../models/InstallPackButton.tsx';
import {
  useCapabilities,
  type CapabilityId,
  type CapabilityStatus,
} from '../models/capabilities.ts';
import { SetupPanel } from '../setup/SetupPanel.tsx';
import { useFirstRun } from '../setup/first-run.ts';
import { hrefFor } from '../shell/router.ts';
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
  /** Capabilities whose status the card shows. */
  capabilities: CapabilityId[];
}

const TASKS: Task[] = [
  {
    id: 'narrate',
    title: 'Narrate a book',
    about: 'Import a manuscript, cast voices, narrate chapter by chapter and export for ACX.',
    icon: 'book',
    href: hrefFor('/audiobooks'),
    capabilities: ['natural-voices'],
  },
  {
    id: 'transcribe',
    title: 'Transcribe a recording',
    about: 'Turn speech into text with word times and speakers, then export captions.',
    icon: 'captions',
    href: hrefFor('/transcription'),
    capabilities: ['transcription', 'diarization'],
  },
  {
    id: 'music',
    title: 'Split stems / make MIDI',
    about: 'Pull vocals, drums, bass and more out of a mix, or turn a performance into MIDI.',
    icon: 'stems',
    href: hrefFor('/music/stems'),
    more: [{ label: 'Make MIDI', href: hrefFor('/music/midi') }],
    capabilities: ['stems', 'midi'],
  },
  {
    id: 'clean',
    title: 'Clean up a recording',
    about: 'Take hiss, hum and room noise out of a voice or instrument take.',
    icon: 'denoise',
    href: hrefFor('/music/denoise'),
    capabilities: ['noise-reduction'],
  },
  {
    id: 'setup',
    title: 'Set up voices and models',
    about: 'Choose which voices and models live on this computer; all of it runs offline.',
    icon: 'box',
    href: hrefFor('/settings/models'),
    more: [
      { label: 'Setup for a task', href: hrefFor('/setup') },
      { label: 'Browse voices', href: hrefFor('/voices') },
    ],
    capabilities: [],
  },
];

function statusLines(all: CapabilityStatus[] | null, ids: CapabilityId[]): CapabilityStatus[] {
  if (all === null) return [];
  return ids.flatMap((id) => all.filter((c) => c.id === id));
}

export function HomePage() {
  const capabilities = useCapabilities();
  const firstRun = useFirstRun();
  return (
    <Stack gap={4}>
      {firstRun.pending && <SetupPanel onDone={firstRun.finish} />}
      <ul className={styles.tasks}>
        {TASKS.map((task) => (
          <li key={task.id} className={cx('card', styles.task)} data-testid={`home-${task.id}`}>
            <a className={styles.taskMain} href={task.href}>
              <span className={styles.taskIcon} aria-hidden="true">
                <Icon name={task.icon} size={28} />
              </span>
              <span className={styles.taskTitle}>{task.title}</span>
              <span className={styles.taskAbout}>{task.about}</span>
            </a>
            {statusLines(capabilities, task.capabilities).map((status) => (
              <div key={status.id} className={styles.taskStatus}>
                <p data-testid={`home-${task.id}-${status.id}`}>
                  {status.title}: {status.message}
                </p>
                {status.status === 'needs_pack' && status.recommended && (
                  <InstallPackButton
                    packId={status.install.at(-1) ?? status.recommended.id}
                    label={`Install (${formatBytes(status.recommended.bytes)})`}
                    testId={`home-install-${status.id}`}
                  />
                )}
              </div>
            ))}
            {task.more?.map((link) => (
              <a key={link.href} className={styles.taskMore} href={link.href}>
                {link.label} →
              </a>
            ))}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
