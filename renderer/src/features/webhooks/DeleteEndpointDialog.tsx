/** Delete an endpoint after a confirmation (DELETE /webhooks/endpoints/{id}). */
import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { FormMessages } from '../../components/Field.tsx';
import { accountErrorText } from '../account/error-text.ts';
import type { WebhooksClient } from './webhooks-client.ts';
import type { WebhookEndpoint } from './webhooks-types.ts';

export function DeleteEndpointDialog({
  client,
  endpoint,
  onClose,
  onDeleted,
}: {
  client: WebhooksClient;
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setFailure(null);
    try {
      await client.remove(endpoint.id);
      onDeleted();
    } catch (caught) {
      setFailure(accountErrorText(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      title="Delete this webhook endpoint?"
      tone="danger"
      onClose={onClose}
      testId="webhook-delete-dialog"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void remove()}
            disabled={busy}
            data-testid="webhook-delete-confirm"
          >
            {busy ? 'Deleting…' : 'Delete endpoint'}
          </button>
        </>
      }
    >
      <p>
        <code className="secret-for">{endpoint.url}</code> stops receiving events at once. Its
        queued deliveries and its delivery log are deleted with it. This cannot be undone.
      </p>
      <FormMessages error={failure} />
    </Dialog>
  );
}
