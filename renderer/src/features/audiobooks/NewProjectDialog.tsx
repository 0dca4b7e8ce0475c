/** "New audiobook": title, author, language, description → POST /audiobook/projects. */
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { useAudiobooks } from './audiobooks-context.tsx';
import {
  LIMITS,
  audiobookErrorText,
  projectProblems,
  type ProjectErrors,
  type ProjectFields,
} from './audiobook-format.ts';
import type { Project } from './audiobook-types.ts';

export const LANGUAGES = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'en-AU', label: 'English (Australia)' },
  { value: 'es-ES', label: 'Spanish (Spain)' },
  { value: 'es-MX', label: 'Spanish (Mexico)' },
  { value: 'fr-FR', label: 'French (France)' },
  { value: 'de-DE', label: 'German (Germany)' },
  { value: 'it-IT', label: 'Italian (Italy)' },
  { value: 'pt-BR', label: 'Portuguese (Brazil)' },
  { value: 'pt-PT', label: 'Portuguese (Portugal)' },
  { value: 'nl-NL', label: 'Dutch (Netherlands)' },
  { value: 'pl-PL', label: 'Polish (Poland)' },
  { value: 'sv-SE', label: 'Swedish (Sweden)' },
  { value: 'ja-JP', label: 'Japanese (Japan)' },
];

const FORM_ID = 'new-audiobook-form';

export function NewProjectDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  const client = useAudiobooks();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<ProjectFields>({
    title: '',
    author: '',
    language: 'en-US',
    description: '',
  });
  const [errors, setErrors] = useState<ProjectErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof ProjectFields>(key: K, value: string) {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = projectProblems(fields);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const project = await client.createProject({
        title: fields.title.trim(),
        author: fields.author.trim(),
        language: fields.language,
        description: fields.description,
      });
      onCreated(project);
    } catch (caught) {
      setFailure(audiobookErrorText(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title="New audiobook"
      onClose={onClose}
      testId="new-audiobook-dialog"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={FORM_ID}
            className="button button--primary"
            disabled={busy}
            data-testid="new-audiobook-create"
          >
            {busy ? 'Creating…' : 'Create audiobook'}
          </button>
        </>
      }
    >
      <form id={FORM_ID} ref={form} className="form" onSubmit={submit} noValidate>
        <TextField
          label="Title"
          value={fields.title}
          onChange={(event) => set('title', event.target.value)}
          error={errors.title}
          maxLength={LIMITS.title}
          autoFocus
          required
          testId="new-audiobook-title"
        />
        <div className="form__row">
          <TextField
            label="Author"
            value={fields.author}
            onChange={(event) => set('author', event.target.value)}
            error={errors.author}
            hint="Written into the finished package’s metadata."
            maxLength={LIMITS.author}
            testId="new-audiobook-author"
          />
          <Select
            label="Language"
            value={fields.language}
            onChange={(value) => set('language', value)}
            error={errors.language}
            options={LANGUAGES}
            testId="new-audiobook-language"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="new-audiobook-description">
            Description <span className="muted">(optional)</span>
          </label>
          <textarea
            id="new-audiobook-description"
            className="input ab-textarea"
            rows={3}
            value={fields.description}
            maxLength={LIMITS.description}
            onChange={(event) => set('description', event.target.value)}
            data-testid="new-audiobook-description"
          />
        </div>
        <FormMessages error={failure} testId="new-audiobook-messages" />
      </form>
    </Dialog>
  );
}
