/**
 * The import form: where the text comes from (a file, dropped or chosen, or pasted text), the
 * speaker options, and for a book that has chapters already whether to add or replace.
 */
import { useId, type FormEvent } from 'react';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { MANUSCRIPT_ACCEPT, manuscriptFileProblem } from './audiobook-format.ts';
import type { ImportRequest } from './use-manuscript-import.ts';

/** The form's fields are the dialog's, so they are still there after "Try again". */
export function ImportForm({
  formId,
  hasBook,
  fields,
  onChange,
  error,
  onError,
  onSubmit,
}: {
  formId: string;
  hasBook: boolean;
  fields: ImportRequest;
  onChange: (patch: Partial<ImportRequest>) => void;
  error: string | null;
  onError: (message: string | null) => void;
  onSubmit: () => void;
}) {
  const inputId = useId();
  const { source, file, text, detectSpeakers, multiVoice, mode } = fields;

  function pick(picked: File | null) {
    onError(picked ? manuscriptFileProblem(picked.name) : null);
    onChange({ file: picked });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form id={formId} className="form" onSubmit={submit} noValidate>
      <div className="segmented" role="group" aria-label="Where the text comes from">
        <button
          type="button"
          className="segmented__item"
          aria-pressed={source === 'file'}
          onClick={() => onChange({ source: 'file' })}
          data-testid="import-source-file"
        >
          Upload a file
        </button>
        <button
          type="button"
          className="segmented__item"
          aria-pressed={source === 'paste'}
          onClick={() => onChange({ source: 'paste' })}
          data-testid="import-source-paste"
        >
          Paste text
        </button>
      </div>

      {source === 'file' ? (
        <FileDrop
          label="Manuscript"
          accept={MANUSCRIPT_ACCEPT}
          file={file}
          onFile={pick}
          testId="import-file-input"
          icon="file"
          hint="PDF, EPUB, DOCX or TXT"
          prompt={
            <>
              Drop the manuscript here or <u>choose a file</u>
            </>
          }
        />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${inputId}-paste`}>
            The book’s text
          </label>
          <textarea
            id={`${inputId}-paste`}
            className="input ab-textarea ab-textarea--paste"
            rows={9}
            value={text}
            onChange={(event) => onChange({ text: event.target.value })}
            placeholder={'CHAPTER I\n\nIt was a bright cold day in April…'}
            data-testid="import-paste-text"
          />
          <p className="field__hint">
            Chapters are found from headings such as “CHAPTER I” or “Chapter 2”.
          </p>
        </div>
      )}

      <fieldset className="fieldset">
        <legend className="field__label">Options</legend>
        <label className="toggle">
          <input
            type="checkbox"
            checked={detectSpeakers}
            onChange={(event) => onChange({ detectSpeakers: event.target.checked })}
            data-testid="import-detect-speakers"
          />
          Detect speakers <span className="muted">— who says each line of dialogue</span>
        </label>
        <label className="toggle">
          <input
            type="checkbox"
            checked={multiVoice}
            onChange={(event) => onChange({ multiVoice: event.target.checked })}
            data-testid="import-multi-voice"
          />
          Character voices <span className="muted">— give each character its own voice</span>
        </label>
      </fieldset>

      {hasBook && (
        <fieldset className="fieldset">
          <legend className="field__label">This book already has chapters</legend>
          <label className="radio">
            <input
              type="radio"
              name="import-mode"
              checked={mode === 'append'}
              onChange={() => onChange({ mode: 'append' })}
              data-testid="import-mode-append"
            />
            Add the new chapters after the current ones
          </label>
          <label className="radio">
            <input
              type="radio"
              name="import-mode"
              checked={mode === 'replace'}
              onChange={() => onChange({ mode: 'replace' })}
              data-testid="import-mode-replace"
            />
            Replace the whole manuscript
          </label>
          {mode === 'replace' && (
            <div className="alert alert--warn">
              <Icon name="alert" />
              <div>
                Replacing deletes every chapter and paragraph, with their speakers, locks and
                directions.
              </div>
            </div>
          )}
        </fieldset>
      )}
      <FormMessages error={error} testId="import-messages" />
    </form>
  );
}
