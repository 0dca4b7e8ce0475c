/**
 * An endpoint's delivery log (GET .../deliveries, newest first): status, the last response code,
 * attempts, and the next retry, with redelivery (POST /webhooks/deliveries/{id}/redeliver). The
 * log polls while it is shown (useDeliveries).
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { Table, cell } from '../../ui/Table.tsx';
import { formatRelative } from '../credits/credits-model.ts';
import { useDeliveries, useEndpointMutations } from './use-webhooks.ts';
import {
  DELIVERY_STATUS_VIEW,
  attemptsLabel,
  redeliverLabel,
  responseLabel,
  responseTone,
} from './webhook-rules.ts';
import type { WebhookDelivery } from './webhooks-types.ts';
import styles from './Webhooks.module.css';

const PER_PAGE = 10;

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpointId, page, PER_PAGE);
  const { redeliver } = useEndpointMutations();
  const data = deliveries.data;
  const error = deliveries.error ?? redeliver.error;

  return (
    <section className={styles.log} aria-label="Delivery log" data-testid="delivery-log">
      <header className={styles.logHead}>
        <Heading level={3}>Delivery log</Heading>
        {data && (
          <span className="muted small" data-testid="delivery-total">
            {data.total === 1 ? '1 delivery' : `${data.total} deliveries`}
          </span>
        )}
      </header>
      <FormMessages error={error ? errorMessage(error) : null} testId="delivery-messages" />
      {data && data.deliveries.length === 0 && (
        <p className="muted small" data-testid="delivery-empty">
          Nothing delivered yet. Press <strong>Send test</strong> to send a signed{' '}
          <code>webhook.test</code> event now.
        </p>
      )}
      {data && data.deliveries.length > 0 && (
        <Table label="Deliveries" testId="delivery-table" minWidth={720}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Response</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last attempt</th>
              <th scope="col">Next retry</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                busy={
                  redeliver.isPending && redeliver.variables?.params.delivery_id === delivery.id
                }
                onRedeliver={() => redeliver.mutate({ params: { delivery_id: delivery.id } })}
              />
            ))}
          </tbody>
        </Table>
      )}
      {!data && !error && (
        <p className="muted small" role="status">
          Loading deliveries…
        </p>
      )}
      {data && (data.has_prev || data.has_next) && (
        <nav className={styles.pager} aria-label="Delivery pages">
          <Button
            variant="ghost"
            size="sm"
            disabled={!data.has_prev}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer
          </Button>
          <span className="tabular">
            {(data.page - 1) * data.per_page + 1}–
            {(data.page - 1) * data.per_page + data.deliveries.length} of {data.total}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={!data.has_next}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}

const CODE_TONE = { ok: styles.codeOk, error: styles.codeError, neutral: styles.codeNeutral };

function DeliveryRow({
  delivery,
  busy,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  busy: boolean;
  onRedeliver: () => void;
}) {
  const view = DELIVERY_STATUS_VIEW[delivery.status];
  const tone = responseTone(delivery.response_code);
  return (
    <tr
      data-testid="delivery-row"
      data-delivery-id={delivery.id}
      data-status={delivery.status}
      data-event={delivery.event_type}
    >
      <td>
        <span className={styles.event}>{delivery.event_type}</span>
        <span className={styles.eventId} title={`X-Service-Event-Id: ${delivery.event_id}`}>
          {delivery.event_id.slice(0, 8)}
        </span>
      </td>
      <td>
        <Badge tone={view.tone} testId="delivery-status">
          {view.label}
        </Badge>
        {delivery.last_error && delivery.status !== 'delivered' && (
          <span className={styles.error} title={delivery.last_error}>
            {delivery.last_error}
          </span>
        )}
      </td>
      <td>
        <span className={`${styles.code} ${CODE_TONE[tone]}`} data-testid="delivery-code">
          {responseLabel(delivery.response_code)}
        </span>
      </td>
      <td data-testid="delivery-attempts">{attemptsLabel(delivery)}</td>
      <td className={cell.nowrap}>{formatTimestamp(delivery.last_attempt_at)}</td>
      <td className={cell.nowrap} data-testid="delivery-next">
        {delivery.next_attempt_at ? (
          <span title={new Date(delivery.next_attempt_at).toLocaleString()}>
            {formatRelative(delivery.next_attempt_at)}
          </span>
        ) : (
          <span className="muted">–</span>
        )}
      </td>
      <td className={cell.actions}>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRedeliver}
          busy={busy}
          aria-label={`${redeliverLabel(delivery.status)}: ${delivery.event_type} ${delivery.event_id}`}
          testId="delivery-redeliver"
        >
          {redeliverLabel(delivery.status)}
        </Button>
      </td>
    </tr>
  );
}
