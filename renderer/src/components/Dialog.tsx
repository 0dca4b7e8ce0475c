/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, the inert
 * background, Escape to close and the top layer, so none of that is reimplemented here. Closing
 * by Escape or by a button both go through `onClose`, which owns the `open` state.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  actions: ReactNode;
  tone?: 'default' | 'danger';
  testId?: string;
  /** Plain-language description for screen readers (aria-describedby), e.g. the warning. */
  describedBy?: string;
}

export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  tone = 'default',
  testId,
  describedBy,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: let React's state close it, so `open` stays the single source of truth.
        event.preventDefault();
        onClose();
      }}
    >
      <h2 className="dialog__title" id={titleId}>
        {title}
      </h2>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">{actions}</div>
    </dialog>
  );
}
