/**
 * Choosing a file: `FileDrop`, a labelled zone to click or drop a file on that then shows the
 * file's name and size with a way to take it back; `FileButton`, a button that opens the file
 * chooser (for toolbars). The native input is inside each, transparent, so the browser's own
 * chooser, keyboard access and drag-and-drop all work, and tests can set files on it by test
 * id. Each input is cleared after a pick, so choosing the same file again is noticed.
 */
import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { formatBytes } from '../lib/format.ts';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button.tsx';
import { cx } from './cx.ts';
import { FieldFrame, useFieldIds } from './Field.tsx';
import { IconButton } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';
import styles from './FileDrop.module.css';

function takeFile(event: ChangeEvent<HTMLInputElement>): File | null {
  const file = event.target.files?.[0] ?? null;
  event.target.value = '';
  return file;
}

export interface FileDropProps {
  label: ReactNode;
  /** The input's accept list (`audio/*,video/*`, `.txt,.docx`). */
  accept: string;
  /** The chosen file (controlled); leave undefined to let the zone remember it itself. */
  file?: File | null;
  onFile: (file: File | null) => void;
  /** What may be chosen, in words ("Audio or video, up to 2 GB"). */
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  /** On the native input. */
  testId?: string;
  icon?: IconName;
  /** The zone's prompt; defaults to "Drop a file here or choose one". */
  prompt?: ReactNode;
}

export function FileDrop({
  label,
  accept,
  file,
  onFile,
  hint,
  error,
  disabled = false,
  testId,
  icon = 'upload',
  prompt,
}: FileDropProps) {
  const { id, describedBy } = useFieldIds(hint, error);
  const [own, setOwn] = useState<File | null>(null);
  const [over, setOver] = useState(false);
  const chosen = file === undefined ? own : file;

  const choose = (next: File | null) => {
    setOwn(next);
    onFile(next);
  };
  const onDrag = (event: DragEvent<HTMLDivElement>, entering: boolean) => {
    if (disabled) return;
    event.preventDefault();
    setOver(entering);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };

  return (
    <FieldFrame id={id} ui="file-drop" {...{ label, hint, error: error ?? undefined }}>
      <div
        className={cx(styles.zone, over && styles.over, disabled && styles.disabled)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={onDrop}
      >
        <Icon name={chosen ? 'file' : icon} size={20} />
        <span className={styles.text} id={`${id}-chosen`}>
          {chosen ? (
            <>
              <span className={styles.fileName}>{chosen.name}</span>
              <span className={styles.meta}>{formatBytes(chosen.size)} · click to change</span>
            </>
          ) : (
            <span className={styles.prompt}>
              {prompt ?? (
                <>
                  Drop a file here or <u>choose one</u>
                </>
              )}
            </span>
          )}
        </span>
        <input
          id={id}
          className={styles.input}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-describedby={[`${id}-chosen`, describedBy].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          data-testid={testId}
          onChange={(event) => {
            const next = takeFile(event);
            if (next) choose(next);
          }}
        />
        {chosen && !disabled && (
          <span className={styles.clear}>
            <IconButton
              icon="close"
              label={`Remove ${chosen.name}`}
              size="sm"
              onClick={() => choose(null)}
            />
          </span>
        )}
      </div>
    </FieldFrame>
  );
}

/** A button that opens the file chooser; hands over the picked file. */
export function FileButton({
  accept,
  onFile,
  disabled = false,
  testId,
  variant,
  size,
  icon = 'upload',
  children,
}: {
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** On the native input. */
  testId?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconName;
  children: ReactNode;
}) {
  return (
    <label
      className={cx(buttonClass({ variant, size }), styles.fileButton)}
      aria-disabled={disabled || undefined}
      data-ui="file-button"
    >
      <Icon name={icon} />
      {children}
      <input
        className={styles.hiddenInput}
        type="file"
        accept={accept}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => {
          const file = takeFile(event);
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
