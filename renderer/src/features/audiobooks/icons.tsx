/**
 * Icons the audiobook screens need beyond the shared set (../../components/Icon.tsx), drawn
 * on the same 24-unit grid with the same stroke (the shared StrokeIcon), so the two sets mix.
 * Decorative only.
 */
import { StrokeIcon } from '../../ui/Icon.tsx';

const PATHS = {
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm9 2-4-4',
  lock: 'M6 11h12v10H6zm2 0V7a4 4 0 0 1 8 0v4',
  unlock: 'M6 11h12v10H6zm2 0V7a4 4 0 0 1 7.5-2',
  edit: 'M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4',
  skip: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM5.6 5.6l12.8 12.8',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0m1-10a3.5 3.5 0 0 0 0-7m5 17a6 6 0 0 0-4-5.7',
  wand: 'm4 20 11-11m-3-3 1-3 1 3 3 1-3 1-1 3-1-3-3-1 3-1Zm6 8 .7-1.8L20 12l-1.3-.7L18 10l-.7 1.3L16 12l1.3.7L18 14Z',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  paste: 'M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12h6M9 16h4',
  back: 'M19 12H5m0 0 6-6m-6 6 6 6',
  shield: 'M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3Zm-6 9a6 6 0 0 0 12 0M12 18v3',
  merge: 'M6 4v5a5 5 0 0 0 5 5h7m0 0-3-3m3 3-3 3M6 20v-4',
} as const;

export type AudiobookIconName = keyof typeof PATHS;

export function AbIcon({ name, size = 16 }: { name: AudiobookIconName; size?: number }) {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}
