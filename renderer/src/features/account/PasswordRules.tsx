/** The password rule (document 1: ≥ 6 characters, a letter, a number), ticked off as you type. */
import { Icon } from '../../ui/Icon.tsx';
import { passwordChecks } from './validation.ts';

export function PasswordRules({ password }: { password: string }) {
  return (
    <ul className="rules" aria-label="Password rules" data-testid="password-rules">
      {passwordChecks(password).map((check) => (
        <li
          key={check.id}
          className={`rules__item${check.met ? ' rules__item--met' : ''}`}
          data-met={check.met}
        >
          <span className="rules__mark" aria-hidden="true">
            {check.met ? <Icon name="check" size={12} /> : null}
          </span>
          {check.label}
          <span className="visually-hidden">{check.met ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
