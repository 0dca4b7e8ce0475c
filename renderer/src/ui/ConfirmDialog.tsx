/**
 * A confirmation: Cancel, or a confirm button that runs `action` (a request), shows busy meanwhile
 * and calls `onDone` once it succeeded. A failure is shown in the dialog (through `errorText`)
 * and the buttons come back, so the person can retry or cancel.
 */
import { useState, type ReactNode } from 'react';
import { errorText as defaultErrorText } from '../api/errors.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { FormMessages } from './Field.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** The confirm button's text. */
  confirmLabel: string;
  action: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
  errorText?: (error: unknown) => string;
  tone?: 'default' | 'danger';
  testId: string;
  confirmTestId: string;
  /** What confirming does. */
  children: ReactNode;
}

export function ConfirmDialog({
  title,
  confirmLabel,
  action,
  onDone,
  onClose,
  errorText = defaultErrorText,
  tone = 'danger',
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
      tone={tone}
      size="sm"
      onClose={onClose}
      testId={testId}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            busy={busy}
            testId={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      <FormMessages error={failure} />
    </Dialog>
  );
}
