/**
 * The one time a secret (a new API key, a webhook endpoint's signing secret) is shown. The
 * secret lives only in this dialog's props: closing it drops the last reference, and the engine
 * keeps only a hash or never returns it again, so it can never be shown again.
 */
import { useRef, useState, type ReactNode } from 'react';
import { copyText } from '../lib/clipboard.ts';
import { Dialog } from './Dialog.tsx';
import { Icon } from './Icon.tsx';

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
  /** Element ids: the warning (the dialog's description) and the secret's field. */
  ids: { warning: string; field: string };
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
        <button
          type="button"
          className="button button--primary"
          onClick={onClose}
          data-testid={testIds.done}
        >
          I have copied it — close
        </button>
      }
    >
      <div className="alert alert--warn" id={ids.warning}>
        <Icon name="alert" />
        <div>{warning}</div>
      </div>
      <label className="field__label" htmlFor={ids.field}>
        {label}
      </label>
      <div className="secret">
        <input
          id={ids.field}
          ref={field}
          className="input secret__value"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
          data-testid={testIds.field}
        />
        <button
          type="button"
          className="button"
          onClick={() => void onCopy()}
          data-testid={testIds.copy}
        >
          <Icon name={copy === 'copied' ? 'check' : 'copy'} />
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="secret__status" aria-live="polite" data-testid={testIds.status}>
        {copy === 'copied' && 'Copied to the clipboard.'}
        {copy === 'manual' &&
          `This browser did not allow copying: the ${noun} is selected, press Ctrl+C (⌘C on a Mac).`}
      </p>
      {children}
    </Dialog>
  );
}
