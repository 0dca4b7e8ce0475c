/**
 * The studio's areas, in navigation order. `ready: false` areas render the honest
 * "coming in a later release" panel with the `plan` text; nothing fake is shown for them.
 */
import type { IconName } from '../../ui/Icon.tsx';

export interface AreaRoute {
  path: string;
  label: string;
  /** Page heading when it differs from the nav label. */
  title?: string;
  icon: IconName;
  section: 'Production' | 'Music tools' | 'Studio' | 'Settings';
  ready: boolean;
  /** One sentence: what the page is for (shown under the heading). */
  summary: string;
  /** For areas not built yet: what is planned, stated as a plan. */
  plan?: string[];
  /** The area has pages of its own below its path (`/account/api-keys`). */
  nested?: boolean;
}

export const AREAS: readonly AreaRoute[] = [
  {
    path: '/home',
    label: 'Home',
    title: 'What would you like to do?',
    icon: 'home',
    section: 'Production',
    ready: true,
    summary: 'Start here: narrate a book, split a track, clean a recording or set up voices.',
  },
  {
    path: '/audiobooks',
    label: 'Audiobooks',
    icon: 'book',
    section: 'Production',
    ready: true,
    nested: true,
    summary: 'Turn a manuscript into a finished, chaptered audiobook.',
  },
  {
    path: '/voices',
    label: 'Voices',
    icon: 'voices',
    section: 'Production',
    ready: true,
    summary:
      'Every voice this machine can speak: the built-in voices in 100+ languages and the neural voices of installed packs.',
  },
  {
    path: '/web',
    label: 'From the web',
    icon: 'globe',
    section: 'Production',
    ready: true,
    summary:
      'Audio and video from a page’s address: see what is there, download it, and send it to another tool.',
  },
  {
    path: '/reader',
    label: 'Reader',
    title: 'Article reader',
    icon: 'reader',
    section: 'Production',
    ready: true,
    summary:
      'Articles read aloud by any of your voices, with a player page to share and a snippet to embed.',
  },
  {
    path: '/transcription',
    label: 'Transcription',
    icon: 'captions',
    section: 'Production',
    ready: true,
    summary: 'Turn speech into text with word times and speakers, correct it, and export captions.',
  },
  {
    path: '/translate',
    label: 'Translate',
    title: 'Speech translation',
    icon: 'globe',
    section: 'Production',
    ready: true,
    summary:
      'Dub a recording or a video into another language, each speaker keeping a voice of their own, with subtitles in both languages.',
  },
  {
    path: '/voices/lab',
    label: 'Voice lab',
    icon: 'flask',
    section: 'Production',
    ready: true,
    summary:
      'Voices of your own: clone one from a recording, design one from a description, and re-voice recordings.',
  },
  {
    path: '/music/stems',
    label: 'Stems',
    title: 'Stem separation',
    icon: 'stems',
    section: 'Music tools',
    ready: true,
    summary: 'Split a mixed track into vocals, drums, bass and other instruments.',
  },
  {
    path: '/music/midi',
    label: 'Audio to MIDI',
    icon: 'midi',
    section: 'Music tools',
    ready: true,
    summary: 'Transcribe melodies and chords from a recording into MIDI.',
  },
  {
    path: '/music/denoise',
    label: 'Noise reduction',
    icon: 'denoise',
    section: 'Music tools',
    ready: true,
    summary: 'Remove hiss, hum and room noise from voice and instrument recordings.',
  },
  {
    path: '/jobs',
    label: 'Jobs',
    icon: 'jobs',
    section: 'Studio',
    ready: true,
    summary: 'Everything the engine is working on, live.',
  },
  {
    path: '/account',
    label: 'Account',
    icon: 'account',
    section: 'Studio',
    ready: true,
    nested: true,
    summary: 'Your account in this studio: profile, signed-in sessions and API keys.',
  },
  {
    path: '/account/sync',
    label: 'Sync',
    title: 'Account sync',
    icon: 'sync',
    section: 'Studio',
    ready: true,
    summary:
      'Link this studio to your hosted Tapehouse account: one balance and one set of webhook receivers for every workstation.',
  },
  {
    path: '/credits',
    label: 'Credits',
    icon: 'coins',
    section: 'Studio',
    ready: true,
    summary: 'Your credit balance, what you spent it on, and what each service costs.',
  },
  {
    path: '/webhooks',
    label: 'Webhooks',
    icon: 'webhook',
    section: 'Studio',
    ready: true,
    summary: 'Signed callbacks to your own server when your jobs finish, fail or are cancelled.',
  },
  {
    path: '/settings/engine',
    label: 'Engine',
    title: 'Engine status',
    icon: 'engine',
    section: 'Settings',
    ready: true,
    summary: 'The local engine that does the work: its version, database, ffmpeg and models.',
  },
  {
    path: '/setup',
    label: 'Setup',
    title: 'Set up this studio',
    icon: 'wand',
    section: 'Settings',
    ready: true,
    summary:
      'Tell Tapehouse what you will do here and it installs the models that fit this computer.',
  },
  {
    path: '/settings/models',
    label: 'Models',
    title: 'Models',
    icon: 'box',
    section: 'Settings',
    ready: true,
    summary:
      'The voices and music models this machine can run: install, check and remove them. Everything runs offline once installed.',
  },
];

/** First launch (an empty hash) lands on Home, not on the jobs log. */
export const DEFAULT_PATH = '/home';

/** The most specific area for a path (`/account/sync` is Sync, not Account). */
export function findArea(path: string): AreaRoute | undefined {
  return AREAS.filter((area) => isInArea(area, path)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

/** The area's own path, or for a nested area any path below it. */
export function isInArea(area: AreaRoute, path: string): boolean {
  return area.path === path || (area.nested === true && path.startsWith(`${area.path}/`));
}
