/**
 * "Sign in to your Tapehouse account": e-mail and password, an API key for unattended
 * workstations, or Google/GitHub in the system browser (the engine listens on a loopback
 * address for the redirect; the panel follows the status until the link is made).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Button } from '../../ui/Button.tsx';
import { Form, FormActions, FormMessages, TextField } from '../../ui/Field.tsx';
import { SegmentedControl } from '../../ui/SegmentedControl.tsx';
import type { SyncStatus } from './sync-types.ts';

type Mode = 'password' | 'api_key';

export function SyncLinkForm({ onLinked }: { onLinked: (status: SyncStatus) => void }) {
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [apiKey, setApiKey] = useState('');
  const link = useContractMutation('post', '/sync/link', {
    invalidates: ['/sync', '/credits'],
    onSuccess: (status) => {
      setPassword('');
      setApiKey('');
      onLinked(status);
    },
  });
  const browser = useContractMutation('post', '/sync/link/oauth', {
    invalidates: ['/sync'],
    // The desktop app opens https links in the system browser; the web studio opens a tab.
    onSuccess: (started) => void window.open(started.authorize_url, '_blank', 'noopener'),
  });
  const failure = link.error ?? browser.error;

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        link.mutate({ json: mode === 'password' ? { email, password } : { api_key: apiKey } });
      }}
      testId="sync-link-form"
    >
      <SegmentedControl
        label="How to sign in"
        value={mode}
        onChange={setMode}
        options={[
          { value: 'password', label: 'E-mail and password', testId: 'sync-mode-password' },
          { value: 'api_key', label: 'API key (unattended workstation)', testId: 'sync-mode-key' },
        ]}
      />
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
          hint="A key of your hosted account that may link workstations. It is exchanged for this workstation's own sign-in and not kept."
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          required
          testId="sync-api-key"
        />
      )}
      <FormMessages error={failure ? errorMessage(failure) : null} testId="sync-link-messages" />
      <FormActions>
        <Button
          variant="primary"
          icon="lock"
          type="submit"
          busy={link.isPending}
          testId="sync-link"
        >
          Sign in and link
        </Button>
        <Button onClick={() => browser.mutate({ json: { provider: 'google' } })}>
          Sign in with Google
        </Button>
        <Button onClick={() => browser.mutate({ json: { provider: 'github' } })}>
          Sign in with GitHub
        </Button>
      </FormActions>
    </Form>
  );
}
