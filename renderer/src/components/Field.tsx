/**
 * Labelled form controls: the label is a real <label>, the hint and the error are tied to the
 * control with aria-describedby, and an error sets aria-invalid (forms focus the first invalid
 * control on submit, see focusFirstInvalid).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Icon } from './Icon.tsx';

interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Right of the label: a badge or a small link. */
  aside?: ReactNode;
}

function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter((part): part is string => part !== null)
    .join(' ');
  return { id, describedBy: describedBy || undefined };
}

function Frame({
  id,
  label,
  hint,
  error,
  aside,
  children,
}: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <div className="field__top">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  FieldFrameProps & { testId?: string };

export function TextField({ label, hint, error, aside, testId, ...input }: InputProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <Frame id={id} label={label} hint={hint} error={error} aside={aside}>
      <input
        id={id}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...input}
      />
    </Frame>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldFrameProps & {
    options: readonly { value: string; label: string }[];
    testId?: string;
  };

export function SelectField({
  label,
  hint,
  error,
  aside,
  options,
  testId,
  ...select
}: SelectProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <Frame id={id} label={label} hint={hint} error={error} aside={aside}>
      <select
        id={id}
        className="input input--select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** After a failed submit: moves focus to the first control marked invalid in `form`. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // Runs after React has rendered the errors.
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}

/**
 * The form's answer line: always in the DOM as a polite live region, so an error or a success
 * that appears in it is read out without moving focus.
 */
export function FormMessages({
  error,
  success,
  testId,
}: {
  error?: string | null;
  success?: string | null;
  testId?: string;
}) {
  return (
    <div className="form-messages" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {error ? (
        <div className="alert alert--error" data-testid={testId && `${testId}-error`}>
          <Icon name="alert" />
          <div>{error}</div>
        </div>
      ) : success ? (
        <div className="alert alert--ok" data-testid={testId && `${testId}-success`}>
          <Icon name="check" />
          <div>{success}</div>
        </div>
      ) : null}
    </div>
  );
}
