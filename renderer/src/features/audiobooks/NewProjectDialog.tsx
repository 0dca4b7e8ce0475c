/** "New audiobook": title, author, language, description → POST /audiobook/projects. */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FieldRow, FormMessages, TextArea, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import {
  LIMITS,
  projectProblems,
  type ProjectErrors,
  type ProjectFields,
} from './audiobook-format.ts';
import type { Project } from './audiobook-types.ts';
import { Button } from '../../ui/Button.tsx';

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

export function NewProjectDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (project: Project) => void;
}) {
  const [fields, setFields] = useState<ProjectFields>({
    title: '',
    author: '',
    language: 'en-US',
    description: '',
  });
  const [errors, setErrors] = useState<ProjectErrors>({});
  const create = useContractMutation('post', '/audiobook/projects', {
    invalidates: ['/audiobook'],
    onSuccess: onCreated,
  });

  function set<K extends keyof ProjectFields>(key: K, value: string) {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    const problems = projectProblems(fields);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return focusFirstInvalid(event.currentTarget);
    create.mutate({
      json: {
        title: fields.title.trim(),
        author: fields.author.trim(),
        language: fields.language,
        description: fields.description,
      },
    });
  }

  return (
    <Dialog
      open
      title="New audiobook"
      onClose={onClose}
      onSubmit={submit}
      testId="new-audiobook-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            type="submit"
            busy={create.isPending}
            testId="new-audiobook-create"
          >
            Create audiobook
          </Button>
        </>
      }
    >
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
      <FieldRow>
        <TextField
          label="Author"
          value={fields.author}
          onChange={(event) => set('author', event.target.value)}
          error={errors.author}
          hint="Written into the finished package’s details."
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
      </FieldRow>
      <TextArea
        label="Description"
        optional
        rows={3}
        value={fields.description}
        maxLength={LIMITS.description}
        onChange={(event) => set('description', event.target.value)}
        testId="new-audiobook-description"
      />
      <FormMessages
        error={create.error ? errorMessage(create.error) : null}
        testId="new-audiobook-messages"
      />
    </Dialog>
  );
}
