/** The password rule (document 1: ≥ 6 characters, a letter, a number), ticked off as you type. */
import { Icon } from '../../ui/Icon.tsx';
import { cx } from '../../ui/cx.ts';
import { passwordChecks } from './validation.ts';
import styles from './Account.module.css';

export function PasswordRules({ password }: { password: string }) {
  return (
    <ul className={styles.rules} aria-label="Password rules" data-testid="password-rules">
      {passwordChecks(password).map((check) => (
        <li
          key={check.id}
          className={cx(styles.rule, check.met && styles.met)}
          data-met={check.met}
        >
          <span className={styles.ruleMark} aria-hidden="true">
            {check.met ? <Icon name="check" size={12} /> : null}
          </span>
          {check.label}
          <span className="visually-hidden">{check.met ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
