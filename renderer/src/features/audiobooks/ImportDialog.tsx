/**
 * Import a manuscript: upload a PDF, EPUB, DOCX or TXT (POST .../manuscript/upload, then
 * .../parse or .../append, a job) or paste the text (POST .../manuscript/paste, answered when
 * read). A parse is followed live on the studio's event stream (./use-manuscript-import.ts).
 * Closing the dialog does not stop a parse; the project page keeps watching the book.
 */
import { useEffect, useState } from 'react';
import type { Project } from './audiobook-types.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ImportForm } from './ImportForm.tsx';
import { ImportProgress } from './ImportProgress.tsx';
import { useManuscriptImport, type ImportRequest } from './use-manuscript-import.ts';

const FORM_ID = 'import-form';

export function ImportDialog({
  project,
  onClose,
  onImported,
}: {
  project: Project;
  onClose: () => void;
  onImported: () => void;
}) {
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
  useEffect(() => {
    if (done) onImported();
    // onImported is the parent's; only the transition to done matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);

  return (
    <Dialog
      open
      title={hasBook ? 'Import more of the manuscript' : 'Import the manuscript'}
      onClose={onClose}
      testId="import-dialog"
      actions={
        phase.kind === 'form' ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              form={FORM_ID}
              className="button button--primary"
              data-testid="import-start"
            >
              <Icon name="upload" />
              Import
            </button>
          </>
        ) : phase.kind === 'failed' ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={work.retry}
              data-testid="import-retry"
            >
              Try again
            </button>
          </>
        ) : (
          <button
            type="button"
            className={`button ${done ? 'button--primary' : 'button--ghost'}`}
            onClick={onClose}
            data-testid="import-close"
          >
            {done ? 'Open the manuscript' : 'Continue in the background'}
          </button>
        )
      }
    >
      <div className="ab-import" data-testid="import-body" data-phase={phase.kind}>
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
