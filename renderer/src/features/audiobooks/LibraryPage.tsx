/**
 * The library: the owner's projects (GET /audiobook/projects) as cards, a search over title or
 * author (the list's own filter), pages of 12, and "New audiobook".
 */
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractQuery } from '../../data/contract-query.ts';
import { EmptyState } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { PageBody, Toolbar } from '../../ui/Layout.tsx';
import { hrefFor } from '../shell/router.ts';
import { approxRuntime, formatCount, formatUpdated } from './audiobook-format.ts';
import { projectPath } from './audiobook-routes.ts';
import type { Project } from './audiobook-types.ts';
import { Pager, ProjectStatusBadge } from './bits.tsx';
import { NewProjectDialog } from './NewProjectDialog.tsx';
import { speakerColour } from './speaker-colour.ts';
import bookFrameStyles from './BookFrame.module.css';
import libraryStyles from './Library.module.css';
import { Button } from '../../ui/Button.tsx';
import { Alert } from '../../ui/Alert.tsx';

export const PROJECTS_PER_PAGE = 12;
const SEARCH_DELAY_MS = 250;

export function LibraryPage() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);

  // The list is asked again only once typing pauses.
  useEffect(() => {
    const next = query.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const list = useContractQuery(
    '/audiobook/projects',
    { query: { page, per_page: PROJECTS_PER_PAGE, search } },
    { keepPrevious: true },
  );
  const projects = list.data?.projects ?? [];

  return (
    <PageBody testId="audiobooks-library">
      <Toolbar
        label="Library"
        start={
          <div className={libraryStyles.search}>
            <TextField
              label="Search by title or author"
              hideLabel
              type="search"
              placeholder="Search by title or author"
              value={query}
              maxLength={200}
              onChange={(event) => setQuery(event.target.value)}
              testId="library-search"
            />
          </div>
        }
        end={
          <Button
            variant="primary"
            icon="plus"
            onClick={() => setCreating(true)}
            testId="new-audiobook"
          >
            New audiobook
          </Button>
        }
      />

      {list.error && (
        <Alert tone="error" testId="library-error">
          Could not load your audiobooks: {errorMessage(list.error)}
        </Alert>
      )}

      {list.data && projects.length === 0 ? (
        <EmptyState
          icon="book"
          title={search ? `No audiobook matches “${search}”.` : 'No audiobooks yet.'}
          testId="library-empty"
        >
          <p>
            {search
              ? 'The search looks at titles and authors.'
              : 'Create a project, then import a manuscript (PDF, EPUB, DOCX or TXT) or paste its text. Chapters and speakers are found for you.'}
          </p>
        </EmptyState>
      ) : (
        <ul
          className={libraryStyles.library}
          aria-label="Audiobooks"
          aria-busy={list.isFetching}
          data-testid="library-list"
        >
          {projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      )}

      {list.data && (
        <Pager
          page={list.data.page}
          perPage={list.data.per_page}
          total={list.data.total}
          shown={projects.length}
          label="Library pages"
          onPage={setPage}
          testId="library-pager"
        />
      )}

      {creating && (
        <NewProjectDialog
          onClose={() => setCreating(false)}
          onCreated={(project) => {
            setCreating(false);
            window.location.hash = hrefFor(projectPath(project.id));
          }}
        />
      )}
    </PageBody>
  );
}

function ProjectCard({ project }: { project: Project }) {
  const spine = speakerColour(project.title);
  const hasBook = project.total_chapters > 0;
  return (
    <li data-testid="project-card" data-project-id={project.id}>
      <a
        className={libraryStyles.cardLink}
        href={hrefFor(projectPath(project.id))}
        style={spine ? { borderLeftColor: spine.text } : undefined}
      >
        <div className={libraryStyles.cardTitles}>
          <h2 className={libraryStyles.cardTitle} data-testid="project-title">
            {project.title}
          </h2>
          <p className={libraryStyles.cardAuthor}>
            {project.author || 'Author not set'}
            <span className={bookFrameStyles.dot} aria-hidden="true" />
            {project.language}
          </p>
        </div>
        {hasBook ? (
          <dl className={libraryStyles.cardStats}>
            <div>
              <dt>Chapters</dt>
              <dd data-testid="project-chapters">{project.total_chapters}</dd>
            </div>
            <div>
              <dt>Words</dt>
              <dd data-testid="project-words">{formatCount(project.total_words)}</dd>
            </div>
            <div>
              <dt>Runtime</dt>
              <dd data-testid="project-runtime">
                {approxRuntime(project.estimated_duration_minutes)}
              </dd>
            </div>
          </dl>
        ) : (
          <p className={libraryStyles.cardHint}>
            {project.status === 'failed'
              ? 'The import failed. Open the book to see why and try again.'
              : project.status === 'parsing'
                ? 'The manuscript is being read…'
                : 'Import a manuscript to find its chapters and speakers.'}
          </p>
        )}
        <div className={libraryStyles.cardFoot}>
          <ProjectStatusBadge status={project.status} testId="project-status" />
          <span
            className={libraryStyles.cardTime}
            title={`Updated ${new Date(project.updated_at).toLocaleString()}`}
          >
            {formatUpdated(project.updated_at)}
          </span>
        </div>
      </a>
    </li>
  );
}
