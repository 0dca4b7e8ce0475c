/**
 * The project's header: title, author, status, the book's totals, the cost estimate
 * (GET .../cost-estimate) and the rights attestation (POST .../rights-attestation, once per
 * book, needed before narration).
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import { approxRuntime, audiobookErrorText, formatCount, formatUsd } from './audiobook-format.ts';
import type { Project } from './audiobook-types.ts';
import { bookNumbers, chaptersNote, wordsNote } from './book-numbers.ts';
import { ProjectStatusBadge } from './bits.tsx';
import { AbIcon } from './icons.tsx';
import { useResource } from './use-resource.ts';

export function ProjectHeader({
  project,
  onImport,
  onChanged,
}: {
  project: Project;
  onImport: () => void;
  onChanged: (next: Partial<Project>) => void;
}) {
  const numbers = bookNumbers(project.chapters ?? []);
  const { hasBook } = numbers;

  return (
    <section className="ab-header" aria-labelledby="ab-project-title" data-testid="project-header">
      <div className="ab-header__main">
        <div className="ab-header__titles">
          <div className="ab-header__title-row">
            <h2 className="ab-header__title" id="ab-project-title" data-testid="project-heading">
              {project.title}
            </h2>
            <ProjectStatusBadge status={project.status} testId="project-header-status" />
          </div>
          <p className="ab-header__byline">
            {project.author ? (
              <>by {project.author}</>
            ) : (
              <span className="muted">Author not set</span>
            )}
            <span className="ab-dot" aria-hidden="true" />
            {project.language}
            {project.source_filename && (
              <>
                <span className="ab-dot" aria-hidden="true" />
                <span className="ab-header__file" title="The imported manuscript">
                  {project.source_filename}
                </span>
              </>
            )}
          </p>
        </div>
        <div className="ab-header__actions">
          <RightsControl project={project} onChanged={onChanged} />
          <button
            type="button"
            className={`button ${hasBook ? '' : 'button--primary'}`}
            onClick={onImport}
            disabled={project.status === 'parsing'}
            data-testid="import-manuscript"
          >
            <Icon name="upload" />
            {hasBook ? 'Import more…' : 'Import manuscript'}
          </button>
        </div>
      </div>

      <dl className="ab-header__stats">
        <Stat
          label="Chapters"
          testId="header-chapters"
          value={hasBook ? formatCount(numbers.toNarrate) : '–'}
          note={hasBook ? chaptersNote(numbers) : 'no manuscript yet'}
        />
        <Stat
          label="Words to narrate"
          testId="header-words"
          value={hasBook ? formatCount(numbers.words) : '–'}
          note={hasBook ? wordsNote(numbers) : undefined}
        />
        <Stat
          label="Est. runtime"
          testId="header-runtime"
          value={
            hasBook ? (
              <span data-minutes={numbers.minutes.toFixed(2)}>
                {approxRuntime(numbers.minutes)}
              </span>
            ) : (
              '–'
            )
          }
          note={hasBook ? `at ${project.speed.toFixed(1)}× speed` : undefined}
        />
        <CostStat project={project} />
      </dl>
    </section>
  );
}

function CostStat({ project }: { project: Project }) {
  const client = useAudiobooks();
  const hasBook = (project.chapters?.length ?? 0) > 0;
  // Asked again whenever the book changes: its totals, any chapter's skip flag or narration
  // status (the page reloads the project as lines are narrated).
  const version = `${project.updated_at}|${project.total_words}|${(project.chapters ?? [])
    .map((chapter) => `${chapter.skip_narration ? 1 : 0}${chapter.status}`)
    .join(',')}`;
  const load = useCallback(
    (signal: AbortSignal) => {
      void version;
      return client.costEstimate(project.id, signal);
    },
    [client, project.id, version],
  );
  const estimate = useResource(load);
  const data = estimate.data;
  return (
    <Stat
      label="Est. cost"
      testId="cost-estimate"
      value={
        hasBook && data ? (
          <span data-testid="cost-usd">{formatUsd(data.estimated_cost_usd)}</span>
        ) : (
          <span title={estimate.error ?? undefined}>–</span>
        )
      }
      note={
        hasBook && data ? (
          <span data-testid="cost-detail">
            {formatCount(data.estimated_credits)} credits · {formatUsd(data.price_usd_per_minute)}
            /min
            {data.remaining_credits > 0 &&
              data.remaining_credits < data.estimated_credits &&
              ` · ${formatCount(data.remaining_credits)} credits still to narrate`}
          </span>
        ) : undefined
      }
    />
  );
}

function Stat({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="ab-stat" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="ab-stat__value" data-testid={testId && `${testId}-value`}>
          {value}
        </span>
        {note !== undefined && <span className="ab-stat__note">{note}</span>}
      </dd>
    </div>
  );
}

function RightsControl({
  project,
  onChanged,
}: {
  project: Project;
  onChanged: (next: Partial<Project>) => void;
}) {
  const client = useAudiobooks();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (project.rights_attested_at) {
    return (
      <span
        className="ab-rights ab-rights--done"
        data-testid="rights-attested"
        title={`Attested ${new Date(project.rights_attested_at).toLocaleString()}`}
      >
        <AbIcon name="shield" />
        Rights attested · {formatTimestamp(project.rights_attested_at)}
      </span>
    );
  }

  async function attest() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await client.attestRights(project.id);
      onChanged({ rights_attested_at: answer.rights_attested_at });
      setOpen(false);
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => setOpen(true)}
        data-testid="attest-rights"
      >
        <AbIcon name="shield" />
        Attest rights…
      </button>
      <Dialog
        open={open}
        title="Attest your rights to this book"
        onClose={() => setOpen(false)}
        testId="attest-dialog"
        describedBy="attest-text"
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void attest()}
              disabled={busy}
              data-testid="attest-confirm"
            >
              {busy ? 'Recording…' : 'I hold these rights'}
            </button>
          </>
        }
      >
        <p id="attest-text">
          Narration starts only after you confirm that you own, or are licensed for, the audio
          rights to <strong className="text">“{project.title}”</strong>
          {project.author ? ` by ${project.author}` : ''} — or that the text is in the public domain
          where you publish. The confirmation is recorded once, with the time.
        </p>
        <FormMessages error={failure} testId="attest-messages" />
      </Dialog>
    </>
  );
}
