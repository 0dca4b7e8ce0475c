/**
 * Choosing a file, three ways: a labelled native input (`FileField`), a button (`FileButton`),
 * and a drop zone that also takes a file dragged onto it (`DropZone`). Each hands over one
 * File (or null when the choice was cleared); the button and the drop zone clear their input
 * after each pick, so choosing the same file again is noticed.
 */
import { useId, useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import './audio.css';

interface PickerProps {
  accept: string;
  onFile: (file: File | null) => void;
  disabled?: boolean;
  testId?: string;
}

/** The input's one file, then clears it when asked (so the same file fires `change` again). */
function picked(event: ChangeEvent<HTMLInputElement>, clear: boolean): File | null {
  const file = event.target.files?.[0] ?? null;
  if (clear) event.target.value = '';
  return file;
}

/** A form field: the label above the browser's own file input (which shows the file's name). */
export function FileField({ label, ...props }: PickerProps & { label: string }) {
  return (
    <label className="field">
      <span>{label}</span>
      <FileInput {...props} />
    </label>
  );
}

/** The bare native input, for a field that lays out its own label. */
export function FileInput({ accept, onFile, disabled, testId }: PickerProps) {
  return (
    <input
      type="file"
      accept={accept}
      data-testid={testId}
      disabled={disabled}
      onChange={(event) => onFile(picked(event, false))}
    />
  );
}

/** A button that opens the file chooser (the input itself is hidden but focusable). */
export function FileButton({
  accept,
  onFile,
  disabled = false,
  testId,
  className,
  children,
}: PickerProps & { className: string; children: ReactNode }) {
  const inputId = useId();
  return (
    <>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={accept}
        onChange={(event) => {
          const file = picked(event, true);
          if (file) onFile(file);
        }}
        disabled={disabled}
        data-testid={testId}
      />
      <label
        htmlFor={inputId}
        className={`${className}${disabled ? ' button--disabled' : ''}`}
        aria-disabled={disabled}
      >
        {children}
      </label>
    </>
  );
}

/** A dashed area to click or drop a file on; `children` says what to choose. */
export function DropZone({
  accept,
  onFile,
  disabled = false,
  testId,
  children,
}: PickerProps & { children: ReactNode }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const onDrag = (event: DragEvent<HTMLDivElement>, entering: boolean) => {
    if (disabled) return;
    event.preventDefault();
    setOver(entering);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`drop-zone${over ? ' drop-zone--over' : ''}`}
      onDragOver={(event) => onDrag(event, true)}
      onDragLeave={(event) => onDrag(event, false)}
      onDrop={onDrop}
    >
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={accept}
        onChange={(event) => onFile(picked(event, true))}
        disabled={disabled}
        data-testid={testId}
      />
      <label htmlFor={inputId} className="drop-zone__label">
        {children}
      </label>
    </div>
  );
}
