/** Small pieces shared by the audiobook screens. */
import type { CSSProperties } from 'react';
import { pageItems, rangeLabel } from './pagination.ts';
import { projectStatus, speakerLabel } from './audiobook-format.ts';
import { colourName, speakerColour } from './speaker-colour.ts';

export function ProjectStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { label, tone } = projectStatus(status);
  return (
    <span className={`badge badge--${tone}`} data-testid={testId} data-status={status}>
      {tone === 'running' && <span className="ab-pulse" aria-hidden="true" />}
      {label}
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
      className={`speaker${narrator ? ' speaker--narrator' : ''}`}
      style={speakerStyle(name, aliases)}
      data-testid={testId}
      data-speaker={narrator ? '' : name}
    >
      <span className="speaker__dot" aria-hidden="true" />
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
    <nav className="ab-pager" aria-label={label} data-testid={testId}>
      <span className="pager__info">{rangeLabel(page, perPage, shown, total)}</span>
      <div className="ab-pager__pages">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        {pageItems(page, last).map((item, index) =>
          item === 'gap' ? (
            <span key={`gap-${index}`} className="ab-pager__gap" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className="ab-pager__page"
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onPage(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
