/**
 * The Audiobooks area (`#/audiobooks/...`): the library, and a project's manuscript and cast.
 * Which page shows is decided by audiobook-routes.ts from the path.
 */
import { hrefFor } from '../shell/router.ts';
import { AudiobooksProvider } from './audiobooks-context.tsx';
import { LIBRARY_PATH, audiobookView } from './audiobook-routes.ts';
import { LibraryPage } from './LibraryPage.tsx';
import { ProjectPage } from './ProjectPage.tsx';
import './audiobooks.css';

export function AudiobooksArea({ path }: { path: string }) {
  const view = audiobookView(path);
  return (
    <AudiobooksProvider>
      {view.kind === 'library' && <LibraryPage />}
      {view.kind === 'manuscript' && (
        <ProjectPage
          key={view.projectId}
          projectId={view.projectId}
          tab="manuscript"
          chapterId={view.chapterId}
        />
      )}
      {view.kind === 'cast' && (
        <ProjectPage key={view.projectId} projectId={view.projectId} tab="cast" chapterId={null} />
      )}
      {view.kind === 'not-found' && (
        <p data-testid="audiobooks-not-found">
          There is no audiobook page at “{path}”.{' '}
          <a href={hrefFor(LIBRARY_PATH)}>Go to the library</a>
        </p>
      )}
    </AudiobooksProvider>
  );
}
