/**
 * One audiobook: the header (status, totals, cost estimate, rights attestation), the import
 * dialog, and the Manuscript and Cast tabs. The project is read with its chapters; while it is
 * `parsing` it is read again whenever a parse job moves on the job event stream (no polling), so
 * a parse started elsewhere (or a closed import dialog) still lands.
 */
import { useCallback, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { useJobUpdates } from '../jobs/use-job.ts';
import { hrefFor } from '../shell/router.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import { audiobookErrorText, plural } from './audiobook-format.ts';
import { LIBRARY_PATH, castPath, projectPath } from './audiobook-routes.ts';
import type { DetectResult, Project } from './audiobook-types.ts';
import { BookNarrationProvider } from './book-narration-context.tsx';
import { CastPanel } from './CastPanel.tsx';
import { AbIcon } from './icons.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ManuscriptView } from './ManuscriptView.tsx';
import { ExportPanel } from './export/ExportPanel.tsx';
import { NarrationPanel } from './NarrationPanel.tsx';
import { ProjectHeader } from './ProjectHeader.tsx';
import { useResource } from './use-resource.ts';

/** The engine's job type of a manuscript parse (engine/src/features/books/book-jobs.ts). */
const PARSE_JOB_TYPE = 'audiobook_parse';

export function ProjectPage({
  projectId,
  tab,
  chapterId,
}: {
  projectId: string;
  tab: 'manuscript' | 'cast';
  chapterId: string | null;
}) {
  const client = useAudiobooks();
  const load = useCallback(
    (signal: AbortSignal) => client.getProject(projectId, true, signal),
    [client, projectId],
  );
  const project = useResource(load);
  const [importing, setImporting] = useState(false);
  /** Bumped when speakers change (detection, alias): labels and the cast reload. */
  const [speakerVersion, setSpeakerVersion] = useState(0);
  const [detect, setDetect] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; result: DetectResult }
    | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  const status = project.data?.status;
  const { reload, setData } = project;
  const changed = useCallback(
    (next: Partial<Project>) => setData((current) => (current ? { ...current, ...next } : current)),
    [setData],
  );
  useJobUpdates((job) => status === 'parsing' && !importing && job.type === PARSE_JOB_TYPE, reload);

  async function detectSpeakers() {
    setDetect({ kind: 'busy' });
    try {
      const result = await client.detectSpeakers(projectId);
      setDetect({ kind: 'done', result });
      setSpeakerVersion((n) => n + 1);
    } catch (caught) {
      setDetect({ kind: 'error', message: audiobookErrorText(caught) });
    }
  }

  if (!project.data) {
    return (
      <div className="ab-page stack">
        <BackLink />
        {project.error ? (
          <div className="alert alert--error" role="alert" data-testid="project-error">
            <Icon name="alert" />
            <div>Could not open this audiobook: {project.error}</div>
          </div>
        ) : (
          <p className="muted" role="status">
            Opening the audiobook…
          </p>
        )}
      </div>
    );
  }

  const data = project.data;
  const chapters = data.chapters ?? [];
  const hasBook = chapters.length > 0;

  return (
    <div
      className="ab-page ab-project stack"
      data-testid="audiobook-project"
      data-status={data.status}
    >
      <BackLink />
      <ProjectHeader project={data} onImport={() => setImporting(true)} onChanged={changed} />

      {data.status === 'failed' && data.error_message && !importing && (
        <div className="alert alert--error" role="alert" data-testid="project-failure">
          <Icon name="alert" />
          <div>
            <strong>The last import failed.</strong> {data.error_message}
          </div>
        </div>
      )}

      {hasBook ? (
        <BookNarrationProvider
          project={data}
          onProjectChanged={changed}
          onNarrationChanged={reload}
        >
          <NarrationPanel />
          <ExportPanel projectId={projectId} onBookChanged={reload} />
          <div className="ab-tabs-bar">
            <nav className="tabs" aria-label="Audiobook pages">
              <a
                className="tabs__item"
                href={hrefFor(projectPath(projectId))}
                aria-current={tab === 'manuscript' ? 'page' : undefined}
                data-testid="tab-manuscript"
              >
                Manuscript
              </a>
              <a
                className="tabs__item"
                href={hrefFor(castPath(projectId))}
                aria-current={tab === 'cast' ? 'page' : undefined}
                data-testid="tab-cast"
              >
                Cast
              </a>
            </nav>
            <div className="ab-tabs-bar__actions">
              <DetectStatus state={detect} />
              <button
                type="button"
                className="button button--small"
                onClick={() => void detectSpeakers()}
                disabled={detect.kind === 'busy' || data.status === 'parsing'}
                data-testid="detect-speakers"
                title="Find who says each line of dialogue (instant, on this machine)"
              >
                <AbIcon name="wand" />
                {detect.kind === 'busy' ? 'Detecting…' : 'Detect speakers'}
              </button>
            </div>
          </div>
          {tab === 'manuscript' ? (
            <ManuscriptView
              project={data}
              chapters={chapters}
              chapterId={chapterId}
              speakerVersion={speakerVersion}
              onChapter={(chapter) =>
                project.setData((current) =>
                  current?.chapters
                    ? {
                        ...current,
                        chapters: current.chapters.map((c) =>
                          c.id === chapter.id ? { ...c, ...chapter } : c,
                        ),
                      }
                    : current,
                )
              }
              onBookChanged={reload}
            />
          ) : (
            <CastPanel
              projectId={projectId}
              speakerVersion={speakerVersion}
              onSpeakersChanged={() => setSpeakerVersion((n) => n + 1)}
            />
          )}
        </BookNarrationProvider>
      ) : (
        data.status !== 'parsing' && (
          <div className="empty ab-empty" data-testid="manuscript-empty">
            <AbIcon name="file" size={28} />
            <p className="empty__title">No manuscript yet</p>
            <p className="muted">
              Import a PDF, EPUB, DOCX or TXT file, or paste the text. Chapters, front matter and
              speakers are found for you; nothing leaves this machine.
            </p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setImporting(true)}
              data-testid="import-empty"
            >
              <Icon name="upload" />
              Import manuscript
            </button>
          </div>
        )
      )}

      {data.status === 'parsing' && !hasBook && !importing && (
        <p className="muted" role="status" data-testid="project-parsing">
          The manuscript is being read…
        </p>
      )}

      {importing && (
        <ImportDialog
          project={data}
          onClose={() => {
            setImporting(false);
            reload();
          }}
          onImported={() => {
            setSpeakerVersion((n) => n + 1);
            reload();
          }}
        />
      )}
    </div>
  );
}

function BackLink() {
  return (
    <a className="ab-back" href={hrefFor(LIBRARY_PATH)} data-testid="back-to-library">
      <AbIcon name="back" />
      All audiobooks
    </a>
  );
}

function DetectStatus({
  state,
}: {
  state:
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; result: DetectResult }
    | { kind: 'error'; message: string };
}) {
  return (
    <span className="ab-detect-status" role="status" data-testid="detect-status">
      {state.kind === 'done' &&
        (state.result.detected_paragraphs === 0
          ? 'No new lines attributed.'
          : `${plural(state.result.detected_paragraphs, 'line')} attributed · ${plural(
              state.result.named_speaker_count,
              'speaker',
            )}`)}
      {state.kind === 'error' && <span className="ab-error-text">{state.message}</span>}
    </span>
  );
}
