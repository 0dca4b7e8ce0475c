/**
 * One audiobook: the header (status, totals, cost estimate, rights attestation), the import
 * dialog, the narration bar and export, and the Manuscript and Cast tabs. The book is one query
 * (with its chapters); the job event stream refreshes it when a parse, a narration or an export
 * of this book starts or ends (data/job-invalidation.ts), so a parse started elsewhere, or a
 * closed import dialog, still lands without polling.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Alert, EmptyState } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageBody } from '../../ui/Layout.tsx';
import { TabLinks } from '../../ui/Tabs.tsx';
import { useShortcut } from '../shell/shortcuts-context.tsx';
import { hrefFor } from '../shell/router.ts';
import { plural } from './audiobook-format.ts';
import { LIBRARY_PATH, castPath, projectPath } from './audiobook-routes.ts';
import { BookNarrationProvider } from './book-narration-context.tsx';
import { BOOK_ROUTE, bookFamily, useProject } from './book-queries.ts';
import { CastPanel } from './CastPanel.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ManuscriptView } from './ManuscriptView.tsx';
import { ExportPanel } from './export/ExportPanel.tsx';
import { NarrationPanel } from './NarrationPanel.tsx';
import { ProjectHeader } from './ProjectHeader.tsx';
import bookFrameStyles from './BookFrame.module.css';
import projectHeaderStyles from './ProjectHeader.module.css';
import { Icon } from '../../ui/Icon.tsx';

export function ProjectPage({
  projectId,
  tab,
  chapterId,
}: {
  projectId: string;
  tab: 'manuscript' | 'cast';
  chapterId: string | null;
}) {
  const project = useProject(projectId);
  const [importing, setImporting] = useState(false);
  const detect = useContractMutation('post', `${BOOK_ROUTE}/cast/detect`, {
    invalidates: [bookFamily(projectId)],
  });
  const detectSpeakers = () =>
    detect.mutate({ params: { project_id: projectId }, query: { method: 'heuristic' } });
  const data = project.data;
  useShortcut('i', 'Import a manuscript', () => setImporting(true), 'Audiobook', Boolean(data));

  if (!data) {
    return (
      <PageBody>
        <BackLink />
        {project.error ? (
          <Alert tone="error" testId="project-error">
            Could not open this audiobook: {errorMessage(project.error)}
          </Alert>
        ) : (
          <p className="muted" role="status">
            Opening the audiobook…
          </p>
        )}
      </PageBody>
    );
  }

  const chapters = data.chapters ?? [];
  const hasBook = chapters.length > 0;

  return (
    <PageBody wide>
      <div
        className={bookFrameStyles.project}
        data-testid="audiobook-project"
        data-status={data.status}
      >
        <BackLink />
        <ProjectHeader project={data} onImport={() => setImporting(true)} />

        {data.status === 'failed' && data.error_message && !importing && (
          <Alert tone="error" testId="project-failure" title="The last import failed.">
            {data.error_message}
          </Alert>
        )}

        {hasBook ? (
          <BookNarrationProvider project={data}>
            <NarrationPanel />
            <ExportPanel projectId={projectId} />
            <div className={projectHeaderStyles.tabsBar}>
              <TabLinks
                label="Audiobook pages"
                tabs={[
                  {
                    href: hrefFor(projectPath(projectId)),
                    label: 'Manuscript',
                    current: tab === 'manuscript',
                    testId: 'tab-manuscript',
                  },
                  {
                    href: hrefFor(castPath(projectId)),
                    label: 'Cast',
                    current: tab === 'cast',
                    testId: 'tab-cast',
                  },
                ]}
              />
              <div className={projectHeaderStyles.tabsBarActions}>
                <span
                  className={projectHeaderStyles.detectStatus}
                  role="status"
                  data-testid="detect-status"
                >
                  {detect.data &&
                    (detect.data.detected_paragraphs === 0
                      ? 'No new lines attributed.'
                      : `${plural(detect.data.detected_paragraphs, 'line')} attributed · ${plural(
                          detect.data.named_speaker_count,
                          'speaker',
                        )}`)}
                  {detect.error && (
                    <span className={bookFrameStyles.errorText}>{errorMessage(detect.error)}</span>
                  )}
                </span>
                <Button
                  size="sm"
                  onClick={detectSpeakers}
                  busy={detect.isPending}
                  disabled={data.status === 'parsing'}
                  testId="detect-speakers"
                  title="Find who says each line of dialogue (instant, on this machine)"
                >
                  <Icon name="wand" />
                  Detect speakers
                </Button>
              </div>
            </div>
            {tab === 'manuscript' ? (
              <ManuscriptView project={data} chapters={chapters} chapterId={chapterId} />
            ) : (
              <CastPanel projectId={projectId} />
            )}
          </BookNarrationProvider>
        ) : (
          data.status !== 'parsing' && (
            <EmptyState
              icon="file"
              title="No manuscript yet"
              testId="manuscript-empty"
              action={
                <Button
                  variant="primary"
                  icon="upload"
                  onClick={() => setImporting(true)}
                  testId="import-empty"
                >
                  Import manuscript
                </Button>
              }
            >
              <p>
                Import a PDF, EPUB, DOCX or TXT file, or paste the text. Chapters, front matter and
                speakers are found for you; nothing leaves this machine.
              </p>
            </EmptyState>
          )
        )}

        {data.status === 'parsing' && !hasBook && !importing && (
          <p className="muted" role="status" data-testid="project-parsing">
            The manuscript is being read…
          </p>
        )}

        {importing && <ImportDialog project={data} onClose={() => setImporting(false)} />}
      </div>
    </PageBody>
  );
}

function BackLink() {
  return (
    <a className={bookFrameStyles.back} href={hrefFor(LIBRARY_PATH)} data-testid="back-to-library">
      <Icon name="back" />
      All audiobooks
    </a>
  );
}
