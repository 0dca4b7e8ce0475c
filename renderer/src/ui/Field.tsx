/**
 * Labelled form controls. The label is a real <label>; the hint and the error are tied to the
 * control with aria-describedby; an error sets aria-invalid (forms focus the first invalid
 * control on submit: `focusFirstInvalid`). `FieldFrame` gives a custom control (a Select, a
 * FileDrop) the same label, hint and error.
 */
import {
  useId,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { Alert } from './Alert.tsx';
import { cx } from './cx.ts';
import styles from './Field.module.css';

interface FrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** Right of the label: a badge or a small link. */
  aside?: ReactNode;
  /** Says "optional" after the label. */
  optional?: boolean;
  /** Hides the label visually (it still names the control). */
  hideLabel?: boolean;
}

export function useFieldIds(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter((part): part is string => part !== null)
    .join(' ');
  return { id, describedBy: describedBy || undefined };
}

/**
 * The label, hint and error around a control. `id` is the control's id; the label points at it
 * with htmlFor unless `labelAs` is 'span' (for controls that name themselves with
 * aria-labelledby `${id}-label`, such as the Select's button).
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  aside,
  optional,
  hideLabel,
  labelAs = 'label',
  ui = 'field',
  children,
}: FrameProps & { id: string; labelAs?: 'label' | 'span'; ui?: string; children: ReactNode }) {
  const labelClass = cx(styles.label, hideLabel && 'visually-hidden');
  return (
    <div className={styles.field} data-ui={ui}>
      <div className={styles.top}>
        {labelAs === 'label' ? (
          <label className={labelClass} htmlFor={id} id={`${id}-label`}>
            {label}
            {optional && <span className={styles.optional}>optional</span>}
          </label>
        ) : (
          <span className={labelClass} id={`${id}-label`}>
            {label}
            {optional && <span className={styles.optional}>optional</span>}
          </span>
        )}
        {aside}
      </div>
      {children}
      {hint && (
        <div className={styles.hint} id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> &
  FrameProps & {
    testId?: string;
    mono?: boolean;
    unit?: ReactNode;
    inputRef?: Ref<HTMLInputElement>;
  };

export function TextField({
  label,
  hint,
  error,
  aside,
  optional,
  hideLabel,
  testId,
  mono,
  inputRef,
  ...input
}: InputProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, hint, error, aside, optional, hideLabel }}>
      <input
        ref={inputRef}
        id={id}
        className={cx(styles.input, mono && styles.mono)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...input}
      />
    </FieldFrame>
  );
}

/** A number with an optional unit after it ("seconds", "dB"). */
export function NumberField({
  label,
  hint,
  error,
  aside,
  optional,
  hideLabel,
  testId,
  unit,
  ...input
}: InputProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, hint, error, aside, optional, hideLabel }}>
      <span className={styles.withUnit}>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          className={cx(styles.input, styles.number)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...input}
        />
        {unit && <span className={styles.unit}>{unit}</span>}
      </span>
    </FieldFrame>
  );
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> &
  FrameProps & { testId?: string; mono?: boolean };

export function TextArea({
  label,
  hint,
  error,
  aside,
  optional,
  hideLabel,
  testId,
  mono,
  ...area
}: AreaProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  return (
    <FieldFrame {...{ id, label, hint, error, aside, optional, hideLabel }}>
      <textarea
        id={id}
        className={cx(styles.input, styles.textarea, mono && styles.mono)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={testId}
        {...area}
      />
    </FieldFrame>
  );
}

/** A form laid out as a column of fields; `noValidate` so our own messages show, not the browser's. */
export function Form({
  children,
  className,
  testId,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'className'> & {
  className?: string;
  testId?: string;
  /** React 19: a ref is an ordinary prop, passed on to the <form>. */
  ref?: Ref<HTMLFormElement>;
}) {
  return (
    <form className={cx(styles.form, className)} noValidate data-testid={testId} {...form}>
      {children}
    </form>
  );
}

/** Fields side by side, wrapping to one column when narrow. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

/** The buttons under a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/** A group of controls with one name (a set of toggles, a segmented choice with its label). */
export function Fieldset({
  legend,
  hint,
  children,
  testId,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <fieldset className={styles.fieldset} data-testid={testId}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
      {hint && <div className={styles.hint}>{hint}</div>}
    </fieldset>
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
  error?: ReactNode;
  success?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.messages} aria-live="polite" aria-atomic="true" data-testid={testId}>
      {error ? (
        <Alert tone="error" testId={testId && `${testId}-error`}>
          {error}
        </Alert>
      ) : success ? (
        <Alert tone="ok" testId={testId && `${testId}-success`}>
          {success}
        </Alert>
      ) : null}
    </div>
  );
}
