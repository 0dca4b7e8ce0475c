/**
 * One endpoint: its URL, events and description, the active switch (PATCH `active`), "Send test"
 * (POST .../test), edit and delete, and its delivery log.
 */
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Cluster } from '../../ui/Layout.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { useEndpointMutations } from './use-webhooks.ts';
import type { WebhookEndpoint } from './webhooks-types.ts';
import styles from './Webhooks.module.css';

export function EndpointCard({
  endpoint,
  logOpenAtStart,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  logOpenAtStart: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const logId = useId();
  const [logOpen, setLogOpen] = useState(logOpenAtStart);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const { sendTest, update } = useEndpointMutations();
  const busy = sendTest.isPending || update.isPending;

  // A confirmation has done its job once the log shows the delivery; errors stay until acted on.
  useEffect(() => {
    if (!message.success) return;
    const timer = setTimeout(() => setMessage({}), 8_000);
    return () => clearTimeout(timer);
  }, [message.success]);

  function test() {
    setMessage({});
    sendTest.mutate(
      { params: { endpoint_id: endpoint.id } },
      {
        onSuccess: () => {
          setMessage({
            success: endpoint.active
              ? 'Test event queued: it goes out now. Watch the delivery log below.'
              : 'Test event queued. This endpoint is paused: it goes out when you turn it back on.',
          });
          setLogOpen(true);
        },
        onError: (error) => setMessage({ error: errorMessage(error) }),
      },
    );
  }

  function toggleActive(active: boolean) {
    setMessage({});
    update.mutate(
      { params: { endpoint_id: endpoint.id }, json: { active } },
      { onError: (error) => setMessage({ error: errorMessage(error) }) },
    );
  }

  return (
    <li
      className={cx(styles.hook, !endpoint.active && styles.paused)}
      data-testid="webhook-row"
      data-endpoint-id={endpoint.id}
      data-active={endpoint.active}
    >
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <Icon name="webhook" size={18} />
        </span>
        <div className={styles.title}>
          <p className={styles.url} data-testid="webhook-url">
            {endpoint.url}
          </p>
          <p className={styles.description} data-testid="webhook-description">
            {endpoint.description || <span className="muted">No description</span>}
          </p>
        </div>
        <Toggle
          role="switch"
          checked={endpoint.active}
          disabled={busy}
          onChange={toggleActive}
          label={`Deliver to ${endpoint.url}`}
          testId="webhook-active"
        >
          {endpoint.active ? 'Active' : 'Paused'}
        </Toggle>
      </div>

      <div className={styles.body}>
        <Cluster gap={1}>
          {endpoint.events.map((type) => (
            <Badge key={type} tone="info">
              {type}
            </Badge>
          ))}
        </Cluster>
        <p className="muted small">
          Added {formatTimestamp(endpoint.created_at)} · signing secret shown once, at creation
        </p>
      </div>

      <Cluster gap={2}>
        <Button
          size="sm"
          icon="send"
          onClick={test}
          busy={sendTest.isPending}
          disabled={busy}
          testId="webhook-test"
        >
          Send test
        </Button>
        <Button
          variant="ghost"
          size="sm"
          icon="edit"
          onClick={onEdit}
          aria-label={`Edit ${endpoint.url}`}
          testId="webhook-edit"
        >
          Edit
        </Button>
        <Button
          variant="danger-ghost"
          size="sm"
          icon="trash"
          onClick={onDelete}
          aria-label={`Delete ${endpoint.url}`}
          testId="webhook-delete"
        >
          Delete
        </Button>
        <Button
          variant="link"
          size="sm"
          icon="chevron"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
          testId="webhook-log-toggle"
        >
          {logOpen ? 'Hide delivery log' : 'Show delivery log'}
        </Button>
      </Cluster>
      <FormMessages error={message.error} success={message.success} testId="webhook-messages" />

      <div id={logId} hidden={!logOpen}>
        {logOpen && <DeliveryLog endpointId={endpoint.id} />}
      </div>
    </li>
  );
}
