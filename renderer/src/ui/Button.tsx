/**
 * The studio's buttons: one look per intent (primary, secondary, ghost, danger, a link-styled
 * action), two sizes, an optional leading icon and a busy state that keeps the label (so the
 * button does not change width) and says "busy" to screen readers. `ButtonLink` is an <a> with
 * the same look, for navigation; `buttonClass` styles a <label> that opens a file chooser.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';
import { Icon, type IconName } from './Icon.tsx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-ghost' | 'link';
export type ButtonSize = 'sm' | 'md';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconName;
  /** Full width of its container. */
  block?: boolean;
}

const VARIANT: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: undefined,
  ghost: styles.ghost,
  danger: styles.danger,
  'danger-ghost': styles.dangerGhost,
  link: styles.link,
};

export function buttonClass({
  variant = 'secondary',
  size = 'md',
  block = false,
  iconOnly = false,
}: Look & { iconOnly?: boolean } = {}): string {
  return cx(
    styles.button,
    VARIANT[variant],
    size === 'sm' && styles.sm,
    block && styles.block,
    iconOnly && styles.iconOnly,
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> &
  Look & {
    /** Shows a spinner and disables the button while its action runs. */
    busy?: boolean;
    testId?: string;
    className?: string;
    children?: ReactNode;
  };

export function Button({
  variant,
  size,
  icon,
  block,
  busy = false,
  testId,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClass({ variant, size, block }), className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-ui="button"
      data-testid={testId}
      {...rest}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : icon && <Icon name={icon} />}
      {children}
    </button>
  );
}

/** A square button showing only an icon; `label` is its accessible name and tooltip. */
export function IconButton({
  icon,
  label,
  variant = 'ghost',
  size,
  testId,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children'> & {
  icon: IconName;
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={buttonClass({ variant, size, iconOnly: true })}
      aria-label={label}
      title={label}
      data-ui="button"
      data-testid={testId}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className'> &
  Look & { testId?: string; children: ReactNode };

export function ButtonLink({ variant, size, icon, block, testId, children, ...rest }: LinkProps) {
  return (
    <a
      className={buttonClass({ variant, size, block })}
      data-ui="button"
      data-testid={testId}
      {...rest}
    >
      {icon && <Icon name={icon} />}
      {children}
    </a>
  );
}
