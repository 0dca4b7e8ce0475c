/**
 * A labelled drop-down choice in the studio's look (a button that opens a listbox), for lists
 * too long for a segmented bar. Keyboard: Enter, Space or the arrow keys open it on the chosen
 * option; the arrows (Home/End) move, Enter or Space picks, Escape or Tab closes without
 * picking. Options that cannot be chosen stay listed, aria-disabled, with their reason, and the
 * arrows skip them. Focus stays on the listbox and aria-activedescendant names the option, so a
 * screen reader follows the movement.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './controls.css';

export interface MenuOption<V extends string> {
  value: V;
  label: string;
  /** Why it cannot be chosen, or a small note, shown after the label. */
  note?: ReactNode;
  disabled?: boolean;
}

export function SelectMenu<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
  disabled = false,
}: {
  label: ReactNode;
  options: MenuOption<V>[];
  value: V;
  onChange: (value: V) => void;
  /** On the button; the list is `<testId>-list`. */
  testId?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const enabled = options.map((o, i) => (o.disabled ? -1 : i)).filter((i) => i >= 0);
  const current = options.find((o) => o.value === value);

  // The list takes focus when it opens so its keys (and its blur, which closes it) work.
  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  function openList() {
    const at = options.findIndex((o) => o.value === value && !o.disabled);
    setActive(at >= 0 ? at : (enabled[0] ?? 0));
    setOpen(true);
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }

  function pick(index: number) {
    const option = options[index];
    if (!option || option.disabled) return;
    onChange(option.value);
    close(true);
  }

  function move(step: 1 | -1) {
    if (enabled.length === 0) return;
    const at = enabled.indexOf(active);
    const next = at < 0 ? 0 : Math.min(Math.max(at + step, 0), enabled.length - 1);
    setActive(enabled[next]!);
  }

  function onTriggerKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openList();
    }
  }

  function onListKey(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Home') setActive(enabled[0] ?? 0);
    else if (event.key === 'End') setActive(enabled[enabled.length - 1] ?? 0);
    else if (event.key === 'Enter' || event.key === ' ') pick(active);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  return (
    <div className="select-menu field">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className="input select-menu__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-labelledby={`${id}-label ${id}-button`}
        id={`${id}-button`}
        disabled={disabled}
        data-value={value}
        data-testid={testId}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onTriggerKey}
      >
        {current?.label ?? '—'}
      </button>
      {open && (
        <ul
          role="listbox"
          id={`${id}-list`}
          className="select-menu__list"
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-option-${active}`}
          tabIndex={-1}
          data-testid={testId ? `${testId}-list` : undefined}
          ref={list}
          onKeyDown={onListKey}
          onBlur={(event) => {
            if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) close(false);
          }}
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={option.value === value}
              aria-disabled={option.disabled || undefined}
              data-value={option.value}
              className={`select-menu__option${index === active ? ' select-menu__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => !option.disabled && setActive(index)}
              onClick={() => pick(index)}
            >
              {option.label}
              {option.note && <span className="select-menu__note"> {option.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
