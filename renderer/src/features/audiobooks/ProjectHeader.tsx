/**
 * The project's header: title, author, status, the book's totals, the cost estimate
 * (GET .../cost-estimate) and the rights attestation (POST .../rights-attestation, once per
 * book, needed before narration).
 */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { approxRuntime, formatCount, formatUsd } from './audiobook-format.ts';
import type { Project } from './audiobook-types.ts';
import { bookNumbers, chaptersNote, wordsNote } from './book-numbers.ts';
import { ProjectStatusBadge } from './bits.tsx';
import { BOOK_ROUTE, bookFamily } from './book-queries.ts';
import { cx } from '../../ui/cx.ts';
import bookFrameStyles from './BookFrame.module.css';
import projectHeaderStyles from './ProjectHeader.module.css';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';

export function ProjectHeader({ project, onImport }: { project: Project; onImport: () => void }) {
  const numbers = bookNumbers(project.chapters ?? []);
  const { hasBook } = numbers;

  return (
    <section
      className={projectHeaderStyles.header}
      aria-labelledby="ab-project-title"
      data-testid="project-header"
    >
      <div className={projectHeaderStyles.headerMain}>
        <div className={projectHeaderStyles.headerTitles}>
          <div className={projectHeaderStyles.headerTitleRow}>
            <h2
              className={projectHeaderStyles.headerTitle}
              id="ab-project-title"
              data-testid="project-heading"
            >
              {project.title}
            </h2>
            <ProjectStatusBadge status={project.status} testId="project-header-status" />
          </div>
          <p className={projectHeaderStyles.headerByline}>
            {project.author ? (
              <>by {project.author}</>
            ) : (
              <span className="muted">Author not set</span>
            )}
            <span className={bookFrameStyles.dot} aria-hidden="true" />
            {project.language}
            {project.source_filename && (
              <>
                <span className={bookFrameStyles.dot} aria-hidden="true" />
                <span className={projectHeaderStyles.headerFile} title="The imported manuscript">
                  {project.source_filename}
                </span>
              </>
            )}
          </p>
        </div>
        <div className={projectHeaderStyles.headerActions}>
          <RightsControl project={project} />
          <Button
            variant={hasBook ? 'secondary' : 'primary'}
            icon="upload"
            onClick={onImport}
            disabled={project.status === 'parsing'}
            testId="import-manuscript"
          >
            {hasBook ? 'Import more…' : 'Import manuscript'}
          </Button>
        </div>
      </div>

      <dl className={projectHeaderStyles.headerStats}>
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
  const hasBook = (project.chapters?.length ?? 0) > 0;
  // In the book's route family: any change to the book (a skipped chapter, narrated lines)
  // refreshes it with the rest.
  const estimate = useContractQuery(`${BOOK_ROUTE}/cost-estimate`, {
    params: { project_id: project.id },
  });
  const data = estimate.data;
  return (
    <Stat
      label="Est. cost"
      testId="cost-estimate"
      value={
        hasBook && data ? (
          <span data-testid="cost-usd">{formatUsd(data.estimated_cost_usd)}</span>
        ) : (
          <span title={estimate.error ? errorMessage(estimate.error) : undefined}>–</span>
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
    <div className={projectHeaderStyles.stat} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className={projectHeaderStyles.statValue} data-testid={testId && `${testId}-value`}>
          {value}
        </span>
        {note !== undefined && <span className={projectHeaderStyles.statNote}>{note}</span>}
      </dd>
    </div>
  );
}

function RightsControl({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const attestation = useContractMutation('post', `${BOOK_ROUTE}/rights-attestation`, {
    invalidates: [bookFamily(project.id)],
    onSuccess: () => setOpen(false),
  });
  const busy = attestation.isPending;
  const failure = attestation.error ? errorMessage(attestation.error) : null;

  if (project.rights_attested_at) {
    return (
      <span
        className={cx(projectHeaderStyles.rights, projectHeaderStyles.rightsDone)}
        data-testid="rights-attested"
        title={`Attested ${new Date(project.rights_attested_at).toLocaleString()}`}
      >
        <Icon name="attested" />
        Rights attested · {formatTimestamp(project.rights_attested_at)}
      </span>
    );
  }

  const attest = () => attestation.mutate({ params: { project_id: project.id } });

  return (
    <>
      <Button variant="ghost" icon="shield" onClick={() => setOpen(true)} testId="attest-rights">
        Attest rights…
      </Button>
      <Dialog
        open={open}
        title="Attest your rights to this book"
        onClose={() => setOpen(false)}
        testId="attest-dialog"
        describedBy="attest-text"
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="primary" onClick={attest} busy={busy} testId="attest-confirm">
              I hold these rights
            </Button>
          </>
        }
      >
        <p id="attest-text">
          Narration starts only after you confirm that you own, or are licensed for, the audio
          rights to <strong>“{project.title}”</strong>
          {project.author ? ` by ${project.author}` : ''} — or that the text is in the public domain
          where you publish. The confirmation is recorded once, with the time.
        </p>
        <FormMessages error={failure} testId="attest-messages" />
      </Dialog>
    </>
  );
}
