/**
 * The studio's stroke icons (24-unit grid, currentColor), drawn for Tapehouse. Every navigation
 * item has its own. Decorative: the text beside an icon (or an IconButton's label) names it.
 */
const PATHS = {
  home: 'M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10',
  book: 'M4 5a2 2 0 0 1 2-2h13v15H6a2 2 0 0 0-2 2V5Zm0 15a2 2 0 0 0 2 2h13v-4M8 7h7',
  voices:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9a6 6 0 0 1 12 0M17 8.5a4 4 0 0 1 0 5M19.5 6a7.5 7.5 0 0 1 0 10',
  reader: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7M9 8h2',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z',
  captions: 'M3 5h18v14H3zM7 10h4M7 14h7M14 10h3M16.5 14h.5',
  flask: 'M9 3h6M10 3v6l-5.5 9.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7.5 15h9',
  mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3Zm-6 9a6 6 0 0 0 12 0M12 18v3M9 21h6',
  stems: 'M3 7h18M3 12h12M3 17h7M18 12v7m0 0-2.5-2.5M18 19l2.5-2.5',
  midi: 'M4 4h16v16H4zM9 4v10M15 4v10M7 14h4M13 14h4M9 14v6M15 14v6',
  denoise: 'M2 12h2l2-5 3 10 3-14 3 14 3-10 2 5h2',
  jobs: 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 9a7 7 0 0 1 14 0',
  sync: 'M4 12a8 8 0 0 1 14-5.3M20 4v5h-5M20 12a8 8 0 0 1-14 5.3M4 20v-5h5',
  engine: 'M9 3v3M15 3v3M9 18v3M15 18v3M3 9h3M3 15h3M18 9h3M18 15h3M6 6h12v12H6zM10 10h4v4h-4z',
  box: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5v-9Zm0 0 9 4.5m0 0 9-4.5M12 12v9',
  coins:
    'M12 3c4.4 0 8 1.3 8 3s-3.6 3-8 3-8-1.3-8-3 3.6-3 8-3Zm8 3v6c0 1.7-3.6 3-8 3s-8-1.3-8-3V6m16 6v6c0 1.7-3.6 3-8 3s-8-1.3-8-3v-6',
  webhook:
    'M12 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6ZM6 15a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm12 0a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm-7.3-6.3-3.4 6.6m6-6.6 3.4 6.6M9 18h6',
  upload: 'M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  download: 'M12 4v12m0 0-4-4m4 4 4-4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  alert:
    'M12 9v4m0 4h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13h.01M11 12h1v5h1',
  clock: 'M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  check: 'M5 12.5 10 17.5 19 7',
  key: 'm21 2-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.8 7.8 5.5 5.5 0 0 1 7.8-7.8Zm0 0 4.1-4.1m0 0 3 3L22 7l-3-3m-3.5 3.5L19 4',
  copy: 'M8 8h12v12H8zM16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4m7 14 5-5-5-5m5 5H9',
  plus: 'M12 5v14M5 12h14',
  monitor: 'M3 4h18v12H3zM8 20h8m-4-4v4',
  shield: 'M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Z',
  mail: 'M3 6h18v12H3zm0 1 9 6 9-6',
  lock: 'M6 11h12v10H6zm2 0V7a4 4 0 0 1 8 0v4',
  send: 'M21 3 10 14M21 3l-7 18-4-7-7-4 18-7Z',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  edit: 'M4 20h4L19 9l-4-4L4 16v4Zm9.5-13.5 4 4',
  chevron: 'm9 6 6 6-6 6',
  chevronDown: 'm6 9 6 6 6-6',
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  stop: 'M6 6h12v12H6z',
  close: 'M6 6l12 12M18 6 6 18',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5',
  file: 'M6 3h9l4 4v14H6zM14 3v5h5',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  keyboard: 'M3 6h18v12H3zM7 10h.01M11 10h.01M15 10h.01M7 14h10',
  sidebar: 'M3 4h18v16H3zM9 4v16',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  unlock: 'M6 11h12v10H6zm2 0V7a4 4 0 0 1 7.5-2',
  skip: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM5.6 5.6l12.8 12.8',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0m1-10a3.5 3.5 0 0 0 0-7m5 17a6 6 0 0 0-4-5.7',
  wand: 'm4 20 11-11m-3-3 1-3 1 3 3 1-3 1-1 3-1-3-3-1 3-1Zm6 8 .7-1.8L20 12l-1.3-.7L18 10l-.7 1.3L16 12l1.3.7L18 14Z',
  paste: 'M9 4h6v3H9zM9 5H6v16h12V5h-3M9 12h6M9 16h4',
  back: 'M19 12H5m0 0 6-6m-6 6 6 6',
  attested: 'M12 3 5 6v5c0 4.5 3 8.5 7 10 4-1.5 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  merge: 'M6 4v5a5 5 0 0 0 5 5h7m0 0-3-3m3 3-3 3M6 20v-4',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 16 }: { name: IconName; size?: number }) {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}

/** The SVG wrapper every icon set draws with: one path on the 24-unit grid, stroked. */
export function StrokeIcon({ d, size }: { d: string; size: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      <path d={d} />
    </svg>
  );
}
