/**
 * The engine's offline CAPTCHA (an arithmetic question, docs/api/auth.md "CAPTCHA"): asked for
 * up front when /auth/captcha/required says this client needs one, and after any answer of
 * 400 `captcha_required`. A challenge takes one answer, so every failed submit fetches a new one.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AccountClient } from '../../api/account-client.ts';
import type { CaptchaAnswer, CaptchaChallenge } from '../../api/account-types.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { accountErrorText } from './error-text.ts';
import styles from './Account.module.css';

export interface CaptchaState {
  challenge: CaptchaChallenge | null;
  answer: string;
  setAnswer: (answer: string) => void;
  /** Fetches a fresh question (after a failed submit, or on request). */
  renew: () => Promise<void>;
  /** The fields to send with the login or sign-up, if a question is showing. */
  proof: () => Partial<CaptchaAnswer>;
  error: string | null;
}

export function useCaptcha(client: AccountClient, purpose: 'login' | 'signup'): CaptchaState {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);

  const renew = useCallback(async () => {
    try {
      const next = await client.generateCaptcha();
      setChallenge(next);
      setAnswer('');
      setError(null);
    } catch (caught) {
      setError(`Could not load the security question: ${accountErrorText(caught)}`);
    }
  }, [client]);

  useEffect(() => {
    const controller = new AbortController();
    client
      .captchaRequired(controller.signal)
      .then((required) => {
        if (controller.signal.aborted) return;
        if (purpose === 'login' ? required.login_required : required.signup_required) {
          void renew();
        }
      })
      .catch(() => undefined); // the submit will say so if one is needed
    return () => controller.abort();
  }, [client, purpose, renew]);

  const proof = useCallback(
    (): Partial<CaptchaAnswer> =>
      challenge ? { captcha_id: challenge.captcha_id, captcha_answer: answer.trim() } : {},
    [challenge, answer],
  );

  return { challenge, answer, setAnswer, renew, proof, error };
}

export function CaptchaField({ captcha, error }: { captcha: CaptchaState; error?: string }) {
  if (!captcha.challenge) {
    return captcha.error ? (
      <p className={styles.fieldError} role="alert">
        {captcha.error}
      </p>
    ) : null;
  }
  return (
    <div data-testid="captcha">
      <TextField
        label={
          <>
            <span className={styles.captchaKicker}>Security check</span>
            <span className={styles.captchaQuestion} data-testid="captcha-question">
              {captcha.challenge.question}
            </span>
          </>
        }
        aside={
          <Button variant="link" size="sm" onClick={() => void captcha.renew()}>
            New question
          </Button>
        }
        hint="Asked after several failed sign-ins or a recent sign-up from this device."
        error={error ?? captcha.error ?? undefined}
        inputMode="numeric"
        autoComplete="off"
        value={captcha.answer}
        onChange={(event) => captcha.setAnswer(event.target.value)}
        testId="captcha-answer"
        required
      />
    </div>
  );
}
