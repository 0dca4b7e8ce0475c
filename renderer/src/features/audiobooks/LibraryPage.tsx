/**
 * The library: the owner's projects (GET /audiobook/projects) as cards, a search over title or
 * author (the list's own filter), pages of 12, and "New audiobook".
 */
import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { hrefFor } from '../shell/router.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import { approxRuntime, formatCount, formatUpdated } from './audiobook-format.ts';
import { projectPath } from './audiobook-routes.ts';
import type { Project } from './audiobook-types.ts';
import { Pager, ProjectStatusBadge } from './bits.tsx';
import { AbIcon } from './icons.tsx';
import { NewProjectDialog } from './NewProjectDialog.tsx';
import { speakerColour } from './speaker-colour.ts';
import { useResource } from './use-resource.ts';

export const PROJECTS_PER_PAGE = 12;
const SEARCH_DELAY_MS = 250;

export function LibraryPage() {
  const client = useAudiobooks();
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

  const load = useCallback(
    (signal: AbortSignal) =>
      client.listProjects({ page, per_page: PROJECTS_PER_PAGE, search }, signal),
    [client, page, search],
  );
  const list = useResource(load);
  const projects = list.data?.projects ?? [];

  return (
    <div className="ab-page stack" data-testid="audiobooks-library">
      <div className="toolbar">
        <label className="ab-search">
          <AbIcon name="search" />
          <span className="visually-hidden">Search by title or author</span>
          <input
            className="input"
            type="search"
            placeholder="Search by title or author"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="library-search"
          />
        </label>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setCreating(true)}
          data-testid="new-audiobook"
        >
          <Icon name="plus" />
          New audiobook
        </button>
      </div>

      {list.error && (
        <div className="alert alert--error" role="alert" data-testid="library-error">
          <Icon name="alert" />
          <div>Could not load your audiobooks: {list.error}</div>
        </div>
      )}

      {list.data && projects.length === 0 ? (
        <div className="empty ab-empty" data-testid="library-empty">
          <AbIcon name="file" size={28} />
          <p className="empty__title">
            {search ? `No audiobook matches “${search}”.` : 'No audiobooks yet.'}
          </p>
          <p className="muted">
            {search
              ? 'The search looks at titles and authors.'
              : 'Create a project, then import a manuscript (PDF, EPUB, DOCX or TXT) or paste its text. Chapters and speakers are found for you.'}
          </p>
        </div>
      ) : (
        <ul
          className="ab-library"
          aria-label="Audiobooks"
          aria-busy={list.loading}
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
    </div>
  );
}

function ProjectCard({ project }: { project: Project }) {
  const spine = speakerColour(project.title);
  const hasBook = project.total_chapters > 0;
  return (
    <li className="ab-card" data-testid="project-card" data-project-id={project.id}>
      <a
        className="ab-card__link"
        href={hrefFor(projectPath(project.id))}
        style={spine ? { borderLeftColor: spine.text } : undefined}
      >
        <div className="ab-card__titles">
          <h2 className="ab-card__title" data-testid="project-title">
            {project.title}
          </h2>
          <p className="ab-card__author">
            {project.author || 'Author not set'}
            <span className="ab-dot" aria-hidden="true" />
            {project.language}
          </p>
        </div>
        {hasBook ? (
          <dl className="ab-card__stats">
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
          <p className="ab-card__hint">
            {project.status === 'failed'
              ? 'The import failed. Open the book to see why and try again.'
              : project.status === 'parsing'
                ? 'The manuscript is being read…'
                : 'Import a manuscript to find its chapters and speakers.'}
          </p>
        )}
        <div className="ab-card__foot">
          <ProjectStatusBadge status={project.status} testId="project-status" />
          <span
            className="ab-card__time"
            title={`Updated ${new Date(project.updated_at).toLocaleString()}`}
          >
            {formatUpdated(project.updated_at)}
          </span>
        </div>
      </a>
    </li>
  );
}
