/**
 * The web studio's sign-in screen (docs/api/auth.md, "The web studio's sign-in"): the engine
 * answers only the machine's owner, who proves it with the one-time link the engine printed on
 * start, or with the studio token from the engine's data folder (readable by that user only).
 */
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, type ApiError } from '../../api/errors.ts';
import { signInWithStudioToken } from '../../api/studio-access.ts';
import { FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import styles from './StudioAccess.module.css';

function linkProblem(error: ApiError | null): string | null {
  if (error === null) return null;
  return error.status === 401
    ? 'That sign-in link was already used or has expired. Links work once, for 15 minutes.'
    : `The sign-in link could not be checked: ${error.detail}`;
}

export function StudioSignIn({
  baseUrl,
  linkError,
}: {
  baseUrl: string;
  linkError: ApiError | null;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(linkProblem(linkError));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (token.trim() === '') {
      setTokenError('Paste the studio token.');
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      await signInWithStudioToken(baseUrl, token);
      // StudioGate hears the new session and shows the studio.
    } catch (caught) {
      setFailure(
        (caught as ApiError).status === 401
          ? 'That is not this engine’s studio token. The engine writes a new one each time it starts.'
          : errorMessage(caught),
      );
      setBusy(false);
    }
  }

  return (
    <main className={styles.signIn} data-testid="studio-sign-in">
      <form ref={form} className={styles.signInCard} onSubmit={submit} noValidate>
        <div className={styles.head}>
          <h1>Sign in to the studio</h1>
          <p className="muted">
            This engine works only for the person who started it. Open the sign-in link it printed
            when it started — the line beginning <code>TAPEHOUSE_LOGIN</code>, or the link{' '}
            <code>npm start</code> shows — in this browser. A link works once, for 15 minutes; run{' '}
            <code>npm run studio-link</code> for a new one.
          </p>
        </div>
        <TextField
          label="Or paste the studio token"
          hint={
            <>
              The file <code>studio-token</code> in the engine’s data folder (readable by you only).
              It changes every time the engine starts.
            </>
          }
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => {
            setToken(event.target.value);
            setTokenError(undefined);
          }}
          error={tokenError}
          testId="studio-token-input"
        />
        <FormMessages error={failure} testId="studio-sign-in-messages" />
        <Button
          variant="primary"
          block
          icon="key"
          type="submit"
          disabled={busy}
          testId="studio-token-submit"
        >
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </main>
  );
}
