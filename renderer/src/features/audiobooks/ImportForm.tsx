/**
 * The import form: where the text comes from (a file, dropped or chosen, or pasted text), the
 * speaker options, and for a book that has chapters already whether to add or replace.
 */
import { Alert } from '../../ui/Alert.tsx';
import { FileDrop } from '../../ui/FileDrop.tsx';
import { Fieldset, Form, FormMessages, TextArea } from '../../ui/Field.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
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
  const { source, file, text, detectSpeakers, multiVoice, mode } = fields;

  function pick(picked: File | null) {
    onError(picked ? manuscriptFileProblem(picked.name) : null);
    onChange({ file: picked });
  }

  return (
    <Form id={formId} onSubmit={(event) => (event.preventDefault(), onSubmit())}>
      <SegmentedControl
        label="Where the text comes from"
        value={source}
        onChange={(next) => onChange({ source: next })}
        options={[
          { value: 'file', label: 'Upload a file', testId: 'import-source-file' },
          { value: 'paste', label: 'Paste text', testId: 'import-source-paste' },
        ]}
      />

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
        <TextArea
          label="The book’s text"
          rows={9}
          value={text}
          onChange={(event) => onChange({ text: event.target.value })}
          placeholder={'CHAPTER I\n\nIt was a bright cold day in April…'}
          hint="Chapters are found from headings such as “CHAPTER I” or “Chapter 2”."
          testId="import-paste-text"
        />
      )}

      <Fieldset legend="Options">
        <Toggle
          plain
          checked={detectSpeakers}
          onChange={(checked) => onChange({ detectSpeakers: checked })}
          testId="import-detect-speakers"
        >
          Detect speakers <span className="muted">— who says each line of dialogue</span>
        </Toggle>
        <Toggle
          plain
          checked={multiVoice}
          onChange={(checked) => onChange({ multiVoice: checked })}
          testId="import-multi-voice"
        >
          Character voices <span className="muted">— give each character its own voice</span>
        </Toggle>
      </Fieldset>

      {hasBook && (
        <Fieldset legend="This book already has chapters">
          <SegmentedControl
            label="This book already has chapters"
            stacked
            value={mode}
            onChange={(next) => onChange({ mode: next })}
            options={[
              {
                value: 'append',
                label: 'Add the new chapters after the current ones',
                testId: 'import-mode-append',
              },
              {
                value: 'replace',
                label: 'Replace the whole manuscript',
                testId: 'import-mode-replace',
              },
            ]}
          />
          {mode === 'replace' && (
            <Alert tone="warn">
              Replacing deletes every chapter and paragraph, with their speakers, locks and
              directions.
            </Alert>
          )}
        </Fieldset>
      )}
      <FormMessages error={error} testId="import-messages" />
    </Form>
  );
}
