/**
 * Create an account (document 1, "Registration"): name, e-mail and password →
 * POST /auth/initiate-registration e-mails a 6-digit code → POST /auth/verify-registration with
 * it creates the account and signs in. With no SMTP server the code waits in the local outbox,
 * shown beside the form.
 */
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors.ts';
import { FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { hrefFor } from '../shell/router.ts';
import { useAccount } from './account-context.tsx';
import { SIGN_IN_PATH } from './account-routes.ts';
import { AboutAccounts, AuthLayout } from './AuthLayout.tsx';
import { CaptchaField, useCaptcha } from './captcha.tsx';
import { accountErrorText } from './error-text.ts';
import { LocalOutbox, useOutboxMessage } from './LocalOutbox.tsx';
import { PasswordRules } from './PasswordRules.tsx';
import {
  clearError,
  codeProblem,
  hasErrors,
  normalizeCode,
  normalizeEmail,
  registrationProblems,
  type FieldErrors,
  type RegistrationFields,
} from './validation.ts';
import { Button } from '../../ui/Button.tsx';
import { Heading } from '../../ui/Heading.tsx';
import styles from './Account.module.css';

type Step = { kind: 'details' } | { kind: 'verify'; email: string; sentAt: number };

export function RegisterForm() {
  const [step, setStep] = useState<Step>({ kind: 'details' });
  const [fields, setFields] = useState<RegistrationFields>({
    fullName: '',
    email: '',
    password: '',
  });
  const [code, setCode] = useState('');

  return (
    <AuthLayout
      active="register"
      aside={
        step.kind === 'verify' ? (
          <LocalOutbox email={step.email} sinceMs={step.sentAt} onUseCode={setCode} />
        ) : (
          <AboutAccounts />
        )
      }
    >
      {step.kind === 'details' ? (
        <DetailsStep
          fields={fields}
          setFields={setFields}
          onSent={(email) => {
            setCode('');
            setStep({ kind: 'verify', email, sentAt: Date.now() });
          }}
        />
      ) : (
        <VerifyStep
          fields={fields}
          email={step.email}
          sentAt={step.sentAt}
          code={code}
          setCode={setCode}
          onResent={() => setStep({ ...step, sentAt: Date.now() })}
          onBack={() => setStep({ kind: 'details' })}
        />
      )}
    </AuthLayout>
  );
}

function DetailsStep({
  fields,
  setFields,
  onSent,
}: {
  fields: RegistrationFields;
  setFields: (fields: RegistrationFields) => void;
  onSent: (email: string) => void;
}) {
  const { client } = useAccount();
  const captcha = useCaptcha(client, 'signup');
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<keyof RegistrationFields | 'captcha'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FieldErrors<keyof RegistrationFields | 'captcha'> =
      registrationProblems(fields);
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
      const answer = await client.initiateRegistration({
        email: normalizeEmail(fields.email),
        password: fields.password,
        full_name: fields.fullName.trim(),
        ...captcha.proof(),
      });
      onSent(answer.email);
    } catch (caught) {
      const hadQuestion = captcha.challenge !== null;
      const needsQuestion = isApiError(caught) && caught.code === 'captcha_required';
      if (needsQuestion) {
        setFailure(
          hadQuestion
            ? 'That answer was not right, or the question expired. Here is a new one.'
            : 'Answer the security question to continue.',
        );
      } else if (isApiError(caught) && caught.code === 'email_already_registered') {
        setErrors({ email: 'This e-mail already has an account. Sign in instead.' });
        focusFirstInvalid(form.current);
      } else {
        setFailure(accountErrorText(caught));
      }
      if (hadQuestion || needsQuestion) await captcha.renew();
      setBusy(false);
    }
  }

  const set = (key: keyof RegistrationFields) => (event: { target: { value: string } }) => {
    setFields({ ...fields, [key]: event.target.value });
    setErrors((e) => clearError(e, key));
  };

  return (
    <form
      ref={form}
      className={styles.authForm}
      onSubmit={submit}
      noValidate
      data-testid="register-form"
    >
      <div className={styles.authHead}>
        <Heading level={2}>Create your account</Heading>
        <p className="muted">
          A 6-digit code confirms the address; the account exists once you enter it.
        </p>
      </div>
      <TextField
        label="Full name"
        autoComplete="name"
        value={fields.fullName}
        onChange={set('fullName')}
        error={errors.fullName}
        testId="register-name"
        required
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
        error={errors.email}
        testId="register-email"
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
        hint={<PasswordRules password={fields.password} />}
        testId="register-password"
        required
      />
      <CaptchaField captcha={captcha} error={errors.captcha} />
      <FormMessages error={failure} testId="register-messages" />
      <Button
        variant="primary"
        block
        icon="mail"
        type="submit"
        disabled={busy}
        testId="register-submit"
      >
        {busy ? 'Sending the code…' : 'Send verification code'}
      </Button>
      <p className={styles.authFoot}>
        Already have an account? <a href={hrefFor(SIGN_IN_PATH)}>Sign in</a>
      </p>
    </form>
  );
}

function VerifyStep({
  fields,
  email,
  sentAt,
  code,
  setCode,
  onResent,
  onBack,
}: {
  fields: RegistrationFields;
  email: string;
  sentAt: number;
  code: string;
  setCode: (code: string) => void;
  onResent: () => void;
  onBack: () => void;
}) {
  const { client, session } = useAccount();
  // Where the code went: the local outbox when the studio keeps its mail, else the inbox.
  const inOutbox = Boolean(useOutboxMessage(email, sentAt).data);
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = codeProblem(code);
    setError(problem);
    setFailure(null);
    setNotice(null);
    if (problem) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      const tokens = await client.verifyRegistration(email, normalizeCode(code));
      await session.signIn(tokens); // the Account area then shows the profile
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'invalid_verification_code') {
        setError('That code is wrong or has expired. Check it, or send a new code.');
        focusFirstInvalid(form.current);
      } else {
        setFailure(accountErrorText(caught));
      }
      setBusy(false);
    }
  }

  async function resend() {
    setFailure(null);
    setNotice(null);
    setBusy(true);
    try {
      await client.initiateRegistration({
        email,
        password: fields.password,
        full_name: fields.fullName.trim(),
      });
      setCode('');
      setNotice('A new code was made; the previous one no longer works.');
      onResent();
    } catch (caught) {
      setFailure(
        isApiError(caught) && caught.code === 'captcha_required'
          ? 'A security question is needed first: go back to the details and send again.'
          : accountErrorText(caught),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={form}
      className={styles.authForm}
      onSubmit={submit}
      noValidate
      data-testid="verify-form"
    >
      <div className={styles.authHead}>
        <Heading level={2}>Enter your code</Heading>
        <p className="muted" data-testid="verify-where">
          {inOutbox ? (
            <>
              This studio has no e-mail server, so nothing was e-mailed: the 6-digit code for{' '}
              <strong>{email}</strong> is in this computer’s local outbox, beside this form. It is
              valid for 15 minutes.
            </>
          ) : (
            <>
              A 6-digit code is on its way to <strong>{email}</strong>. It is valid for 15 minutes.
            </>
          )}
        </p>
      </div>
      <TextField
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        mono
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        error={error}
        testId="verify-code"
        required
      />
      <FormMessages error={failure} success={notice} testId="verify-messages" />
      <Button
        variant="primary"
        block
        icon="check"
        type="submit"
        disabled={busy}
        testId="verify-submit"
      >
        {busy ? 'Checking…' : 'Verify and create account'}
      </Button>
      <div className={styles.authLinks}>
        <Button variant="link" onClick={() => void resend()} disabled={busy} testId="verify-resend">
          Send a new code
        </Button>
        <Button variant="link" onClick={onBack} disabled={busy} testId="verify-back">
          Use a different e-mail
        </Button>
      </div>
    </form>
  );
}
