/**
 * The one time a secret (a new API key, a webhook endpoint's signing secret) is shown. The
 * secret lives only in this dialog's props: closing it drops the last reference, and the engine
 * keeps only a hash or never returns it again, so it can never be shown again.
 */
import { useRef, useState, type ReactNode } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { TextField } from './Field.tsx';

type CopyState = 'idle' | 'copied' | 'manual';

export interface SecretOnceDialogProps {
  title: string;
  secret: string;
  /** What the secret is called in the manual-copy hint ("key", "secret"). */
  noun: string;
  /** The warning beside the alert icon. */
  warning: ReactNode;
  /** The label of the read-only field holding the secret. */
  label: ReactNode;
  /** Element ids: the warning (the dialog's description). */
  ids: { warning: string };
  /** Test ids: the dialog, its close button, the field, the copy button, the copy status. */
  testIds: { dialog: string; done: string; field: string; copy: string; status: string };
  onClose: () => void;
  /** What follows the secret: how to use it. */
  children?: ReactNode;
}

export function SecretOnceDialog({
  title,
  secret,
  noun,
  warning,
  label,
  ids,
  testIds,
  onClose,
  children,
}: SecretOnceDialogProps) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  async function onCopy() {
    setCopy((await copyText(secret, field.current)) ? 'copied' : 'manual');
  }

  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      testId={testIds.dialog}
      describedBy={ids.warning}
      actions={
        <Button variant="primary" onClick={onClose} testId={testIds.done}>
          I have copied it — close
        </Button>
      }
    >
      <div id={ids.warning}>
        <Alert tone="warn">{warning}</Alert>
      </div>
      <TextField
        label={label}
        inputRef={field}
        readOnly
        mono
        value={secret}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.target.select()}
        testId={testIds.field}
        aside={
          <Button
            size="sm"
            icon={copy === 'copied' ? 'check' : 'copy'}
            onClick={() => void onCopy()}
            testId={testIds.copy}
          >
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        }
        hint={
          <span aria-live="polite" data-testid={testIds.status}>
            {copy === 'copied' && 'Copied to the clipboard.'}
            {copy === 'manual' &&
              `This browser did not allow copying: the ${noun} is selected, press Ctrl+C (⌘C on a Mac).`}
          </span>
        }
      />
      {children}
    </Dialog>
  );
}
