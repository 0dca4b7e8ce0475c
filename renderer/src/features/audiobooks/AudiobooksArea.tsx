/**
 * The Audiobooks area (`#/audiobooks/...`): the library, and a project's manuscript and cast.
 * Which page shows is decided by audiobook-routes.ts from the path.
 */
import { EmptyState } from '../../ui/Alert.tsx';
import { hrefFor } from '../shell/router.ts';
import { LIBRARY_PATH, audiobookView } from './audiobook-routes.ts';
import { LibraryPage } from './LibraryPage.tsx';
import { ProjectPage } from './ProjectPage.tsx';

export function AudiobooksArea({ path }: { path: string }) {
  const view = audiobookView(path);
  return (
    <>
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
        <EmptyState
          icon="book"
          title="There is no audiobook page here"
          testId="audiobooks-not-found"
        >
          <p>
            “{path}” is not a page of the library.{' '}
            <a href={hrefFor(LIBRARY_PATH)}>Go to the library</a>
          </p>
        </EmptyState>
      )}
    </>
  );
}
