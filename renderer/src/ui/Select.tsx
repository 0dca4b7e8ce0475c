/**
 * A labelled choice from a list, in the studio's look: a button that opens a listbox under it
 * (placed with fixed positioning, so tables and dialogs never clip it). Long lists get a search
 * box (on by default past eight options) that filters as you type (./select-filter.ts).
 *
 * Keyboard: Enter, Space or the arrows open it at the chosen option; the arrows, Home and End
 * move; Enter picks; Escape closes and returns to the button; Tab closes. Options that cannot be
 * chosen stay listed with their reason and are skipped. The search box is a combobox whose
 * aria-activedescendant names the active option, so a screen reader follows the movement.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { FieldFrame, useFieldIds } from './Field.tsx';
import { Icon } from './Icon.tsx';
import { filterOptions } from './select-filter.ts';
import { useAnchoredPopover } from './use-anchored-popover.ts';
import styles from './Select.module.css';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  /** A short note after the label (why it is greyed, a tier). */
  note?: ReactNode;
  /** A second, smaller line. */
  description?: string;
  /** More words the search matches (an id, a language code). */
  keywords?: readonly string[];
  /** Options with the same group are listed under its name (keep them together). */
  group?: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string> {
  label: ReactNode;
  options: readonly SelectOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  /** On the button; the list is `<testId>-list`, the search box `<testId>-search`. */
  testId?: string;
  disabled?: boolean;
  /** Shows a search box; by default when there are more than eight options. */
  searchable?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
  hideLabel?: boolean;
}

export function Select<V extends string>({
  label,
  options,
  value,
  onChange,
  testId,
  disabled = false,
  searchable = options.length > 8,
  placeholder = 'Choose…',
  hint,
  error,
  hideLabel,
}: SelectProps<V>) {
  const { id, describedBy } = useFieldIds(hint, error);
  const listId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const place = useAnchoredPopover(open, trigger);
  const shown = searchable ? filterOptions(options, query) : [...options];
  const enabled = shown.map((o, i) => (o.disabled ? -1 : i)).filter((i) => i >= 0);
  const current = options.find((o) => o.value === value);
  const optionId = (index: number) => `${listId}-${index}`;

  function openList() {
    const at = options.findIndex((o) => o.value === value && !o.disabled);
    setQuery('');
    setActive(at >= 0 ? at : (enabled[0] ?? 0));
    setOpen(true);
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }

  function pick(index: number) {
    const option = shown[index];
    if (!option || option.disabled) return;
    onChange(option.value);
    close(true);
  }

  function moveTo(index: number | undefined) {
    if (index === undefined) return;
    setActive(index);
    document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
  }

  function move(step: 1 | -1) {
    if (enabled.length === 0) return;
    const at = enabled.indexOf(active);
    moveTo(enabled[at < 0 ? 0 : Math.min(Math.max(at + step, 0), enabled.length - 1)]);
  }

  function onTriggerKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openList();
    }
  }

  function onListKey(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Home' && !searchable) moveTo(enabled[0]);
    else if (event.key === 'End' && !searchable) moveTo(enabled[enabled.length - 1]);
    else if (event.key === 'Enter' || (event.key === ' ' && !searchable)) pick(active);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
    // Escape closes the menu only, not a dialog around it.
    event.stopPropagation();
  }

  return (
    <FieldFrame
      id={id}
      labelAs="span"
      ui="select"
      {...{ label, hint, error: error ?? undefined, hideLabel }}
    >
      <button
        ref={trigger}
        type="button"
        id={`${id}-button`}
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${id}-label ${id}-button`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        data-value={value ?? ''}
        data-testid={testId}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onTriggerKey}
      >
        <span className={cx(styles.value, !current && styles.placeholder)}>
          {current?.label ?? placeholder}
        </span>
        <Icon name="chevronDown" />
      </button>
      {open && place && (
        <div
          className={styles.popover}
          style={{
            left: place.left,
            top: place.top,
            bottom: place.bottom,
            minWidth: place.minWidth,
            maxHeight: place.maxHeight,
          }}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) close(false);
          }}
        >
          {searchable && (
            <div className={styles.search}>
              <Icon name="search" />
              <input
                className={styles.searchInput}
                role="combobox"
                aria-label="Search"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={shown[active] ? optionId(active) : undefined}
                placeholder="Search…"
                value={query}
                autoFocus
                data-testid={testId && `${testId}-search`}
                onChange={(event) => {
                  const next = filterOptions(options, event.target.value);
                  setQuery(event.target.value);
                  setActive(
                    Math.max(
                      0,
                      next.findIndex((o) => !o.disabled),
                    ),
                  );
                }}
                onKeyDown={onListKey}
              />
            </div>
          )}
          <ul
            ref={(element) => {
              list.current = element;
              if (element && !searchable && document.activeElement !== element) element.focus();
            }}
            role="listbox"
            id={listId}
            className={styles.list}
            aria-labelledby={`${id}-label`}
            aria-activedescendant={!searchable && shown[active] ? optionId(active) : undefined}
            tabIndex={-1}
            data-testid={testId && `${testId}-list`}
            onKeyDown={searchable ? undefined : onListKey}
          >
            {shown.length === 0 && (
              <li role="presentation" className={styles.none}>
                Nothing matches “{query}”.
              </li>
            )}
            {shown.map((option, index) => (
              <OptionRow
                key={option.value}
                option={option}
                id={optionId(index)}
                groupLabel={
                  option.group !== undefined && option.group !== shown[index - 1]?.group
                    ? option.group
                    : null
                }
                selected={option.value === value}
                active={index === active}
                onHover={() => !option.disabled && setActive(index)}
                onPick={() => pick(index)}
              />
            ))}
          </ul>
        </div>
      )}
    </FieldFrame>
  );
}

function OptionRow<V extends string>({
  option,
  id,
  groupLabel,
  selected,
  active,
  onHover,
  onPick,
}: {
  option: SelectOption<V>;
  id: string;
  groupLabel: string | null;
  selected: boolean;
  active: boolean;
  onHover: () => void;
  onPick: () => void;
}) {
  return (
    <>
      {groupLabel !== null && (
        <li role="presentation" className={styles.group}>
          {groupLabel}
        </li>
      )}
      <li
        id={id}
        role="option"
        aria-selected={selected}
        aria-disabled={option.disabled || undefined}
        data-value={option.value}
        className={cx(styles.option, active && styles.active)}
        onMouseDown={(event) => event.preventDefault()}
        onMouseEnter={onHover}
        onClick={onPick}
      >
        <span className={styles.optionLabel}>
          {option.label}
          {option.note && <span className={styles.note}>{option.note}</span>}
        </span>
        {option.description && <span className={styles.description}>{option.description}</span>}
      </li>
    </>
  );
}
