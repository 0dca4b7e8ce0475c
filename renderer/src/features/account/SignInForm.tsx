/**
 * Sign in with e-mail and password: POST /auth/token (form-urlencoded, document 1). On success
 * the AuthSession keeps the tokens and the Account area shows the page that asked for sign-in.
 */
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors.ts';
import { FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { hrefFor } from '../shell/router.ts';
import { useAccount } from './account-context.tsx';
import { REGISTER_PATH } from './account-routes.ts';
import { CaptchaField, useCaptcha } from './captcha.tsx';
import { accountErrorText } from './error-text.ts';
import {
  clearError,
  hasErrors,
  normalizeEmail,
  signInProblems,
  type FieldErrors,
} from './validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Heading } from '../../ui/Heading.tsx';
import styles from './Account.module.css';

export function SignInForm({ intro }: { intro?: string }) {
  const { client, session } = useAccount();
  const captcha = useCaptcha(client, 'login');
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password' | 'captcha'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FieldErrors<'email' | 'password' | 'captcha'> = signInProblems({
      email,
      password,
    });
    if (captcha.challenge && captcha.answer.trim() === '') {
      problems.captcha = 'Answer the security question.';
    }
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const tokens = await client.login({
        username: normalizeEmail(email),
        password,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...captcha.proof(),
      });
      await session.signIn(tokens);
    } catch (caught) {
      const hadQuestion = captcha.challenge !== null;
      if (isApiError(caught) && caught.code === 'captcha_required') {
        setFailure(
          hadQuestion
            ? 'That answer was not right, or the question expired. Here is a new one.'
            : 'Answer the security question to continue.',
        );
      } else {
        setFailure(accountErrorText(caught));
      }
      // A question takes one answer: whatever happened, the next try needs a fresh one.
      if (hadQuestion || (isApiError(caught) && caught.code === 'captcha_required')) {
        await captcha.renew();
      }
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      className={styles.authForm}
      onSubmit={submit}
      noValidate
      data-testid="sign-in-form"
    >
      <div className={styles.authHead}>
        <Heading level={2}>Welcome back</Heading>
        <p className="muted">{intro ?? 'Use the e-mail and password of your Tapehouse account.'}</p>
      </div>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors((e) => clearError(e, 'email'));
        }}
        error={errors.email}
        testId="sign-in-email"
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((e) => clearError(e, 'password'));
        }}
        error={errors.password}
        testId="sign-in-password"
        required
      />
      <CaptchaField captcha={captcha} error={errors.captcha} />
      <FormMessages error={failure} testId="sign-in-messages" />
      <Button
        variant="primary"
        block
        icon="lock"
        type="submit"
        disabled={busy}
        testId="sign-in-submit"
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className={styles.authFoot}>
        New here? <a href={hrefFor(REGISTER_PATH)}>Create an account</a>
      </p>
    </form>
  );
}
