/** Delete an endpoint after a confirmation (DELETE /webhooks/endpoints/{id}). */
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
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
  return (
    <ConfirmDialog
      title="Delete this webhook endpoint?"
      confirmLabel="Delete endpoint"
      action={() => client.remove(endpoint.id)}
      onDone={onDeleted}
      onClose={onClose}
      errorText={accountErrorText}
      testId="webhook-delete-dialog"
      confirmTestId="webhook-delete-confirm"
    >
      <p>
        <code className="secret-for">{endpoint.url}</code> stops receiving events at once. Its
        queued deliveries and its delivery log are deleted with it. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
