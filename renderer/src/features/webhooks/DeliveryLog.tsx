/**
 * An endpoint's delivery log (GET .../deliveries, newest first): status, the last response code,
 * attempts, and the next retry, with redelivery (POST /webhooks/deliveries/{id}/redeliver). The
 * log polls while it is shown: every second while a delivery is pending, every few seconds while
 * one waits for a retry, and slowly otherwise.
 */
import { useEffect, useState } from 'react';
import { FormMessages } from '../../ui/Field.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { accountErrorText } from '../account/error-text.ts';
import { formatRelative } from '../credits/credits-model.ts';
import {
  DELIVERY_STATUS_VIEW,
  attemptsLabel,
  redeliverLabel,
  responseLabel,
  responseTone,
} from './webhook-rules.ts';
import type { WebhooksClient } from './webhooks-client.ts';
import type { DeliveryPage, WebhookDelivery } from './webhooks-types.ts';

const PER_PAGE = 10;

export function DeliveryLog({
  client,
  endpointId,
  tick,
  onRedelivered,
}: {
  client: WebhooksClient;
  endpointId: string;
  /** Changes when something was just queued: load again at once. */
  tick: number;
  onRedelivered: () => void;
}) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<DeliveryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let delay = 10_000;
      try {
        const answer = await client.deliveries(
          endpointId,
          { page, perPage: PER_PAGE },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
        if (answer.deliveries.some((d) => d.status === 'pending')) delay = 1_000;
        else if (answer.deliveries.some((d) => d.status === 'retrying')) delay = 3_000;
      } catch (caught) {
        if (controller.signal.aborted) return;
        setError(accountErrorText(caught));
      }
      timer = setTimeout(() => void poll(), delay);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, endpointId, page, tick]);

  async function redeliver(delivery: WebhookDelivery) {
    setBusy(delivery.id);
    setRowError(null);
    try {
      await client.redeliver(delivery.id);
      onRedelivered();
    } catch (caught) {
      setRowError(accountErrorText(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="hook-log" aria-label="Delivery log" data-testid="delivery-log">
      <header className="hook-log__head">
        <h3 className="hook-log__title">Delivery log</h3>
        {data && (
          <span className="muted small" data-testid="delivery-total">
            {data.total === 1 ? '1 delivery' : `${data.total} deliveries`}
          </span>
        )}
      </header>
      <FormMessages error={error ?? rowError} testId="delivery-messages" />
      {data && data.deliveries.length === 0 && (
        <p className="hook-log__empty muted small" data-testid="delivery-empty">
          Nothing delivered yet. Press <strong className="text">Send test</strong> to send a signed{' '}
          <code>webhook.test</code> event now.
        </p>
      )}
      {data && data.deliveries.length > 0 && (
        <div className="table-wrap">
          <table className="data-table data-table--compact" data-testid="delivery-table">
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
                  busy={busy === delivery.id}
                  onRedeliver={() => void redeliver(delivery)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!data && !error && (
        <p className="muted small" role="status">
          Loading deliveries…
        </p>
      )}
      {data && (data.has_prev || data.has_next) && (
        <nav className="pager" aria-label="Delivery pages">
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={!data.has_prev}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer
          </button>
          <span className="pager__info">
            {(data.page - 1) * data.per_page + 1}–
            {(data.page - 1) * data.per_page + data.deliveries.length} of {data.total}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={!data.has_next}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </section>
  );
}

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
        <span className="delivery__event">{delivery.event_type}</span>
        <span className="delivery__id" title={`X-Service-Event-Id: ${delivery.event_id}`}>
          {delivery.event_id.slice(0, 8)}
        </span>
      </td>
      <td>
        <span className={`badge badge--${view.tone}`} data-testid="delivery-status">
          {view.label}
        </span>
        {delivery.last_error && delivery.status !== 'delivered' && (
          <span className="delivery__error" title={delivery.last_error}>
            {delivery.last_error}
          </span>
        )}
      </td>
      <td>
        <span className={`code code--${tone}`} data-testid="delivery-code">
          {responseLabel(delivery.response_code)}
        </span>
      </td>
      <td className="data-table__num-left" data-testid="delivery-attempts">
        {attemptsLabel(delivery)}
      </td>
      <td className="data-table__time">{formatTimestamp(delivery.last_attempt_at)}</td>
      <td className="data-table__time" data-testid="delivery-next">
        {delivery.next_attempt_at ? (
          <span title={new Date(delivery.next_attempt_at).toLocaleString()}>
            {formatRelative(delivery.next_attempt_at)}
          </span>
        ) : (
          <span className="muted">–</span>
        )}
      </td>
      <td className="data-table__action">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={onRedeliver}
          disabled={busy}
          aria-label={`${redeliverLabel(delivery.status)}: ${delivery.event_type} ${delivery.event_id}`}
          data-testid="delivery-redeliver"
        >
          {busy ? 'Queuing…' : redeliverLabel(delivery.status)}
        </button>
      </td>
    </tr>
  );
}
