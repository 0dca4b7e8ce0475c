/**
 * The shortcuts that work on every page: `?` for the help, `[` for the sidebar, and "g" then a
 * letter to go to an area (g h: Home, g b: Audiobooks …).
 */
import { hrefFor } from './router.ts';
import { useShortcut } from './shortcuts-context.tsx';

const GO_TO: [key: string, path: string, name: string][] = [
  ['h', '/home', 'Home'],
  ['b', '/audiobooks', 'Audiobooks'],
  ['v', '/voices', 'Voices'],
  ['r', '/reader', 'Reader'],
  ['w', '/web', 'From the web'],
  ['t', '/transcription', 'Transcription'],
  ['d', '/translate', 'Translate'],
  ['l', '/voices/lab', 'Voice lab'],
  ['s', '/music/stems', 'Stems'],
  ['m', '/music/midi', 'Audio to MIDI'],
  ['n', '/music/denoise', 'Noise reduction'],
  ['j', '/jobs', 'Jobs'],
  ['c', '/credits', 'Credits'],
  ['o', '/settings/models', 'Models'],
];

function GoTo({ letter, path, name }: { letter: string; path: string; name: string }) {
  useShortcut(
    `g ${letter}`,
    `Go to ${name}`,
    () => {
      window.location.hash = hrefFor(path);
    },
    'Go to',
  );
  return null;
}

export function StudioShortcuts({
  onHelp,
  onToggleSidebar,
}: {
  onHelp: () => void;
  onToggleSidebar: () => void;
}) {
  useShortcut('?', 'Show these shortcuts', onHelp, 'Studio');
  useShortcut('[', 'Collapse or show the navigation', onToggleSidebar, 'Studio');
  return (
    <>
      {GO_TO.map(([letter, path, name]) => (
        <GoTo key={letter} letter={letter} path={path} name={name} />
      ))}
    </>
  );
}
