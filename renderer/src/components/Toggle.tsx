/**
 * An on/off button: role="checkbox" (one of several picks, e.g. which stems to transcribe) or
 * role="switch" (a setting that acts at once, e.g. mute). Space and Enter flip it, as buttons
 * do; aria-checked carries the state and a tick shows it.
 */
import type { ReactNode } from 'react';
import './controls.css';

export function Toggle({
  checked,
  onChange,
  children,
  disabled = false,
  role = 'checkbox',
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The visible label. */
  children: ReactNode;
  disabled?: boolean;
  role?: 'checkbox' | 'switch';
  testId?: string;
}) {
  return (
    <button
      type="button"
      role={role}
      aria-checked={checked}
      disabled={disabled}
      className={`toggle-chip toggle-chip--${role}`}
      data-testid={testId}
      onClick={() => onChange(!checked)}
    >
      <span className="toggle-chip__mark" aria-hidden="true" />
      <span className="toggle-chip__label">{children}</span>
    </button>
  );
}
