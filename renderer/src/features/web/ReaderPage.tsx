/** The article reader: narrate an article with any voice, then play, share or embed it. */
import { PageBody } from '../../ui/Layout.tsx';
import { ReaderForm } from './ReaderForm.tsx';
import { ReaderList } from './ReaderList.tsx';

export function ReaderPage() {
  return (
    <PageBody testId="reader-page">
      <ReaderForm />
      <ReaderList />
    </PageBody>
  );
}
