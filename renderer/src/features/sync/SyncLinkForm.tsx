/**
 * "Sign in to your Tapehouse account": e-mail and password, or Google/GitHub in the system browser
 * (the engine listens on a loopback address for the redirect; the panel follows the status until
 * the link is made). No API key: the link is a session, and a key never opens one.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { useContractMutation } from '../../data/contract-query.ts';
import { Button } from '../../ui/Button.tsx';
import { Form, FormActions, FormMessages, TextField } from '../../ui/Field.tsx';
import type { SyncStatus } from './sync-types.ts';

export function SyncLinkForm({ onLinked }: { onLinked: (status: SyncStatus) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const link = useContractMutation('post', '/sync/link', {
    invalidates: ['/sync', '/credits'],
    onSuccess: (status) => {
      setPassword('');
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
        link.mutate({ json: { email, password } });
      }}
      testId="sync-link-form"
    >
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
