/** Small pieces shared by the audiobook screens. */
import type { CSSProperties } from 'react';
import { Badge } from '../../ui/Badge.tsx';
import { pageItems, rangeLabel } from './pagination.ts';
import { projectStatus, speakerLabel } from './audiobook-format.ts';
import { colourName, speakerColour } from './speaker-colour.ts';
import bookFrameStyles from './BookFrame.module.css';
import libraryStyles from './Library.module.css';
import { Button } from '../../ui/Button.tsx';

export function ProjectStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { label, tone } = projectStatus(status);
  return (
    <span data-testid={testId} data-status={status}>
      <Badge tone={tone === 'running' ? 'info' : tone}>
        {tone === 'running' && <span className={bookFrameStyles.pulse} aria-hidden="true" />}
        {label}
      </Badge>
    </span>
  );
}

/** Colour variables for a speaker, for any element styled with the `--spk-*` properties. */
export function speakerStyle(
  name: string,
  aliases: ReadonlyMap<string, string> = new Map(),
): CSSProperties | undefined {
  const colour = speakerColour(colourName(name, aliases));
  if (!colour) return undefined;
  return {
    '--spk-text': colour.text,
    '--spk-bg': colour.background,
    '--spk-border': colour.border,
  } as CSSProperties;
}

/** A speaker label chip: the character's own colour, the narrator in the neutral one. */
export function SpeakerChip({
  name,
  aliases,
  testId,
}: {
  name: string;
  aliases?: ReadonlyMap<string, string>;
  testId?: string;
}) {
  const narrator = name.trim() === '';
  return (
    <span
      className={`${bookFrameStyles.speaker}${narrator ? ` ${bookFrameStyles.speakerNarrator}` : ''}`}
      style={speakerStyle(name, aliases)}
      data-testid={testId}
      data-speaker={narrator ? '' : name}
    >
      <span className={bookFrameStyles.speakerDot} aria-hidden="true" />
      {speakerLabel(name)}
    </span>
  );
}

/** Numbered pages with previous/next; `label` names the navigation landmark. */
export function Pager({
  page,
  perPage,
  total,
  shown,
  label,
  onPage,
  testId,
}: {
  page: number;
  perPage: number;
  total: number;
  shown: number;
  label: string;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last <= 1) return null;
  return (
    <nav className={libraryStyles.pager} aria-label={label} data-testid={testId}>
      <span className="muted small">{rangeLabel(page, perPage, shown, total)}</span>
      <div className={libraryStyles.pagerPages}>
        <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageItems(page, last).map((item, index) =>
          item === 'gap' ? (
            <span key={`gap-${index}`} className={libraryStyles.pagerGap} aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={item}
              size="sm"
              variant={item === page ? 'primary' : 'ghost'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ),
        )}
        <Button variant="ghost" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
