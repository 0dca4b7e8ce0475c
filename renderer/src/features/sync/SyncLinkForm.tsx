/**
 * "Sign in to your Tapehouse account": e-mail and password, an API key for unattended
 * workstations, or Google/GitHub in the system browser (the engine listens on a loopback
 * address for the redirect; the panel follows the status until the link is made).
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { FormMessages, TextField } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import type { SyncClient } from './sync-client.ts';
import type { OAuthProvider, SyncStatus } from './sync-types.ts';

type Mode = 'password' | 'api_key';

export function SyncLinkForm({
  client,
  onLinked,
  onBrowserSignIn,
}: {
  client: SyncClient;
  onLinked: (status: SyncStatus) => void;
  onBrowserSignIn: () => void;
}) {
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const request = mode === 'password' ? { email, password } : { api_key: apiKey };
      onLinked(await client.link(request));
      setPassword('');
      setApiKey('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const browser = async (provider: OAuthProvider) => {
    setError(null);
    try {
      const started = await client.startBrowserSignIn(provider);
      // The desktop app opens https links in the system browser; the web studio opens a tab.
      window.open(started.authorize_url, '_blank', 'noopener');
      onBrowserSignIn();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form className="form sync-link" onSubmit={(e) => void submit(e)} data-testid="sync-link-form">
      <div className="sync-link__modes" role="radiogroup" aria-label="How to sign in">
        {(['password', 'api_key'] as const).map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="sync-mode"
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            {value === 'password' ? 'E-mail and password' : 'API key (unattended workstation)'}
          </label>
        ))}
      </div>
      {mode === 'password' ? (
        <>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            testId="sync-email"
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            testId="sync-password"
          />
        </>
      ) : (
        <TextField
          label="API key"
          hint="A key of your hosted account with the sync:link scope. It is exchanged for this workstation's own session and not kept."
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          required
          testId="sync-api-key"
        />
      )}
      <FormMessages error={error} testId="sync-link-messages" />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="sync-link"
        >
          <Icon name="lock" />
          {busy ? 'Signing in…' : 'Sign in and link'}
        </button>
        <button type="button" className="button" onClick={() => void browser('google')}>
          Sign in with Google
        </button>
        <button type="button" className="button" onClick={() => void browser('github')}>
          Sign in with GitHub
        </button>
      </div>
    </form>
  );
}
