/**
 * What the language model decided, line by line (GET .../cast/detect/{job}/lines, least sure
 * first): by default only the lines to check (confidence at most DOUBTFUL), each with the speaker
 * kept, how sure the engine is and why, and a link to its chapter so the narrator can set the
 * speaker there. "All lines" lists every quotation the model read, a page at a time.
 */
import { useState } from 'react';
import { errorMessage } from '../../../api/errors.ts';
import { useContractQuery } from '../../../data/contract-query.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Cluster, Stack } from '../../../ui/Layout.tsx';
import { SegmentedControl } from '../../../ui/SegmentedControl.tsx';
import { Table, cell } from '../../../ui/Table.tsx';
import { hrefFor } from '../../shell/router.ts';
import { plural } from '../audiobook-format.ts';
import { chapterPath } from '../audiobook-routes.ts';
import { SpeakerChip } from '../bits.tsx';
import { BOOK_ROUTE } from '../book-queries.ts';
import { pageCount, rangeLabel } from '../pagination.ts';
import {
  DOUBTFUL,
  confidenceTone,
  confidenceWord,
  reasonWords,
  type DetectLine,
} from './improve-words.ts';
import styles from './Improve.module.css';

const PER_PAGE = 50;
type Shown = 'check' | 'all';

export function DetectionLines({ projectId, jobId }: { projectId: string; jobId: number }) {
  const [shown, setShown] = useState<Shown>('check');
  const [page, setPage] = useState(1);
  const lines = useContractQuery(
    `${BOOK_ROUTE}/cast/detect/{detect_job_id}/lines`,
    {
      params: { project_id: projectId, detect_job_id: jobId },
      query: {
        page,
        per_page: PER_PAGE,
        ...(shown === 'check' ? { max_confidence: DOUBTFUL } : {}),
      },
    },
    { keepPrevious: true },
  );
  const data = lines.data;
  const last = pageCount(data?.total ?? 0, PER_PAGE);

  return (
    <Stack gap={3} testId="detect-lines">
      <Cluster gap={3}>
        <SegmentedControl<Shown>
          label="Lines shown"
          value={shown}
          onChange={(value) => {
            setShown(value);
            setPage(1);
          }}
          options={[
            { value: 'check', label: 'Lines to check', testId: 'detect-lines-check' },
            { value: 'all', label: 'All lines read', testId: 'detect-lines-all' },
          ]}
        />
        {data && (
          <span className="muted small" data-testid="detect-lines-count">
            {shown === 'check'
              ? `${plural(data.total, 'line')} to check`
              : `${plural(data.total, 'line')} read`}
          </span>
        )}
      </Cluster>
      {lines.error && (
        <Alert tone="error">Could not load the lines: {errorMessage(lines.error)}</Alert>
      )}
      {data && data.total === 0 && (
        <Alert tone="ok" testId="detect-lines-none">
          {shown === 'check'
            ? 'Nothing to check: the language model was sure of every line it read.'
            : 'The language model read no lines of dialogue in this book.'}
        </Alert>
      )}
      {data && data.lines.length > 0 && (
        <Table label="Lines the language model read" testId="detect-lines-table" minWidth={760}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Speaker</th>
              <th scope="col">How sure</th>
              <th scope="col" className={cell.actions}>
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody aria-busy={lines.isFetching}>
            {data.lines.map((line) => (
              <LineRow key={line.paragraph_id + line.text} projectId={projectId} line={line} />
            ))}
          </tbody>
        </Table>
      )}
      {data && last > 1 && (
        <Cluster gap={2}>
          <Button
            size="sm"
            variant="ghost"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            testId="detect-lines-previous"
          >
            Previous
          </Button>
          <span className="muted small tabular">
            {rangeLabel(page, PER_PAGE, data.lines.length, data.total)}
          </span>
          <Button
            size="sm"
            variant="ghost"
            disabled={page >= last}
            onClick={() => setPage(page + 1)}
            testId="detect-lines-next"
          >
            Next
          </Button>
        </Cluster>
      )}
    </Stack>
  );
}

function LineRow({ projectId, line }: { projectId: string; line: DetectLine }) {
  return (
    <tr data-testid="detect-line" data-paragraph={line.paragraph_id}>
      <td className={styles.quote}>“{line.text}”</td>
      <td>
        {line.speaker ? (
          <SpeakerChip name={line.speaker} />
        ) : (
          <span className="muted">Narrator (nobody found)</span>
        )}
      </td>
      <td>
        <Stack gap={1}>
          <span>
            <Badge tone={confidenceTone(line.confidence)} testId="detect-line-confidence">
              {confidenceWord(line.confidence)} · {Math.round(line.confidence * 100)} %
            </Badge>
          </span>
          <span className="muted small" data-testid="detect-line-reason">
            {reasonWords(line)}
          </span>
        </Stack>
      </td>
      <td className={cell.actions}>
        <ButtonLink
          variant="ghost"
          size="sm"
          href={hrefFor(chapterPath(projectId, line.chapter_id))}
          testId="detect-line-open"
        >
          Open in the chapter
        </ButtonLink>
      </td>
    </tr>
  );
}
