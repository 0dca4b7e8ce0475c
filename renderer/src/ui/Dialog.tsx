/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, the inert
 * background, Escape and the top layer, so none of that is reimplemented. `onClose` owns the
 * `open` state (Escape, the close button and the actions all go through it).
 *
 * Focus returns to what opened the dialog: the element focused when it opened, or, if that is
 * gone (a row the dialog deleted), `returnFocus`, else the page's main region. React removes a
 * closed dialog without calling close(), which would leave focus on the page body.
 *
 * With `onSubmit`, body and actions are one <form>, so Enter submits and a submit button works.
 */
import { useId, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { IconButton } from './Button.tsx';
import { cx } from './cx.ts';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions?: ReactNode;
  tone?: 'default' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  /** The id of the element describing the dialog (aria-describedby), e.g. its warning. */
  describedBy?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Where focus goes on close when the opener is no longer in the page. */
  returnFocus?: () => HTMLElement | null;
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  tone = 'default',
  size = 'md',
  testId,
  describedBy,
  onSubmit,
  returnFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      restoreFocus(opener, fallback.current);
    };
  }, [open]);

  if (!open) return null;
  const body = (
    <>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </>
  );
  return (
    <dialog
      ref={ref}
      className={cx(
        styles.dialog,
        tone === 'danger' && styles.danger,
        size !== 'md' && styles[size],
      )}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-ui="dialog"
      data-testid={testId}
      onCancel={(event) => {
        // Escape: let React's state close it, so `open` stays the single source of truth.
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.header}>
        <h2 className={styles.title} id={titleId}>
          {title}
        </h2>
        <IconButton icon="close" label="Close" size="sm" onClick={onClose} />
      </div>
      {onSubmit ? (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(event);
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </dialog>
  );
}

function restoreFocus(opener: HTMLElement | null, fallback?: () => HTMLElement | null): void {
  const target =
    opener && opener.isConnected && opener !== document.body
      ? opener
      : (fallback?.() ?? document.getElementById('main'));
  target?.focus();
}
