/**
 * A danger confirmation: Cancel, or a confirm button that runs `action` (a request), shows
 * `busyLabel` meanwhile and calls `onDone` once it succeeded. A failure is shown in the dialog
 * (through `errorText`) and the buttons come back, so the person can retry or cancel.
 */
import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import { FormMessages } from './Field.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** The confirm button's text, and its text while `action` runs. */
  confirmLabel: string;
  busyLabel: string;
  action: () => Promise<void>;
  onDone: () => void;
  onClose: () => void;
  errorText: (error: unknown) => string;
  testId: string;
  confirmTestId: string;
  /** What confirming does. */
  children: ReactNode;
}

export function ConfirmDialog({
  title,
  confirmLabel,
  busyLabel,
  action,
  onDone,
  onClose,
  errorText,
  testId,
  confirmTestId,
  children,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      onDone();
    } catch (caught) {
      setFailure(errorText(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title={title}
      tone="danger"
      onClose={onClose}
      testId={testId}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={busy}
            data-testid={confirmTestId}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      <FormMessages error={failure} />
    </Dialog>
  );
}
