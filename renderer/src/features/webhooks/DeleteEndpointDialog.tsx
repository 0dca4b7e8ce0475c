/** Delete an endpoint after a confirmation (DELETE /webhooks/endpoints/{id}). */
import { errorMessage } from '../../api/errors.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useEndpointMutations } from './use-webhooks.ts';
import type { WebhookEndpoint } from './webhooks-types.ts';
import styles from './Webhooks.module.css';

export function DeleteEndpointDialog({
  endpoint,
  onClose,
  onDeleted,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { remove } = useEndpointMutations();
  return (
    <ConfirmDialog
      title="Delete this webhook endpoint?"
      confirmLabel="Delete endpoint"
      action={() => remove.mutateAsync({ params: { endpoint_id: endpoint.id } })}
      onDone={onDeleted}
      onClose={onClose}
      errorText={errorMessage}
      testId="webhook-delete-dialog"
      confirmTestId="webhook-delete-confirm"
    >
      <p>
        <code className={styles.url}>{endpoint.url}</code> stops receiving events at once. Its
        queued deliveries and its delivery log are deleted with it. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
