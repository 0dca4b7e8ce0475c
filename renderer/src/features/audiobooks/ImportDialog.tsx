/**
 * Import a manuscript: upload a PDF, EPUB, DOCX or TXT (POST .../manuscript/upload, then
 * .../parse or .../append, a job) or paste the text (POST .../manuscript/paste, answered when
 * read). A parse is followed live on the studio's event stream (./use-manuscript-import.ts).
 * Closing the dialog does not stop a parse; the project page keeps watching the book.
 */
import { useEffect, useState } from 'react';
import { useInvalidate } from '../../data/contract-query.ts';
import type { Project } from './audiobook-types.ts';
import { bookFamily } from './book-queries.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ImportForm } from './ImportForm.tsx';
import { ImportProgress } from './ImportProgress.tsx';
import { useManuscriptImport, type ImportRequest } from './use-manuscript-import.ts';
import importStyles from './Import.module.css';
import { Button } from '../../ui/Button.tsx';

const FORM_ID = 'import-form';

export function ImportDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  // Fixed when the dialog opens: the project reloads under it once chapters are written.
  const [hasBook] = useState(() => (project.chapters?.length ?? project.total_chapters) > 0);
  const [fields, setFields] = useState<ImportRequest>(() => ({
    source: 'file',
    file: null,
    text: '',
    detectSpeakers: true,
    multiVoice: project.multi_voice,
    mode: 'append',
  }));
  const work = useManuscriptImport(project, hasBook);
  const { phase } = work;
  const done = phase.kind === 'done';
  const invalidate = useInvalidate();
  // The import changed the book: its chapters, paragraphs, cast and estimate are read again.
  useEffect(() => {
    if (done) void invalidate(bookFamily(project.id));
  }, [done, invalidate, project.id]);

  return (
    <Dialog
      open
      title={hasBook ? 'Import more of the manuscript' : 'Import the manuscript'}
      onClose={onClose}
      testId="import-dialog"
      actions={
        phase.kind === 'form' ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="primary"
              icon="upload"
              type="submit"
              form={FORM_ID}
              testId="import-start"
            >
              Import
            </Button>
          </>
        ) : phase.kind === 'failed' ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
            <Button variant="primary" onClick={work.retry} testId="import-retry">
              Try again
            </Button>
          </>
        ) : (
          <Button variant={done ? 'primary' : 'ghost'} onClick={onClose} testId="import-close">
            {done ? 'Open the manuscript' : 'Continue in the background'}
          </Button>
        )
      }
    >
      <div className={importStyles.import} data-testid="import-body" data-phase={phase.kind}>
        {phase.kind === 'form' ? (
          <ImportForm
            formId={FORM_ID}
            hasBook={hasBook}
            fields={fields}
            onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
            error={work.formError}
            onError={work.setFormError}
            onSubmit={() => void work.submit(fields)}
          />
        ) : (
          <ImportProgress phase={phase} source={fields.source} />
        )}
      </div>
    </Dialog>
  );
}
