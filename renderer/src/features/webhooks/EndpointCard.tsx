/**
 * One endpoint: its URL, events and description, the active switch (PATCH `active`), "Send test"
 * (POST .../test), edit and delete, and its delivery log.
 */
import { useEffect, useId, useState } from 'react';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { formatTimestamp } from '../../lib/format.ts';
import { accountErrorText } from '../account/error-text.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import type { WebhooksClient } from './webhooks-client.ts';
import type { WebhookEndpoint } from './webhooks-types.ts';

export function EndpointCard({
  endpoint,
  client,
  logOpenAtStart,
  onChanged,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  client: WebhooksClient;
  logOpenAtStart: boolean;
  onChanged: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const logId = useId();
  const [logOpen, setLogOpen] = useState(logOpenAtStart);
  /** Bumped after a test or a redelivery: the log reloads at once. */
  const [logTick, setLogTick] = useState(0);
  const [busy, setBusy] = useState<'test' | 'active' | null>(null);
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});

  // A confirmation has done its job once the log shows the delivery; errors stay until acted on.
  useEffect(() => {
    if (!message.success) return;
    const timer = setTimeout(() => setMessage({}), 8_000);
    return () => clearTimeout(timer);
  }, [message.success]);

  async function sendTest() {
    setBusy('test');
    setMessage({});
    try {
      await client.sendTest(endpoint.id);
      setMessage({
        success: endpoint.active
          ? 'Test event queued: it goes out now. Watch the delivery log below.'
          : 'Test event queued. This endpoint is paused: it goes out when you turn it back on.',
      });
      setLogOpen(true);
      setLogTick((n) => n + 1);
    } catch (caught) {
      setMessage({ error: accountErrorText(caught) });
    } finally {
      setBusy(null);
    }
  }

  async function toggleActive() {
    setBusy('active');
    setMessage({});
    try {
      await client.update(endpoint.id, { active: !endpoint.active });
      onChanged();
      setLogTick((n) => n + 1);
    } catch (caught) {
      setMessage({ error: accountErrorText(caught) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <li
      className={`hook${endpoint.active ? '' : ' hook--paused'}`}
      data-testid="webhook-row"
      data-endpoint-id={endpoint.id}
      data-active={endpoint.active}
    >
      <div className="hook__head">
        <span className="hook__icon" aria-hidden="true">
          <Icon name="webhook" size={18} />
        </span>
        <div className="hook__title">
          <p className="hook__url" data-testid="webhook-url">
            {endpoint.url}
          </p>
          <p className="hook__description" data-testid="webhook-description">
            {endpoint.description || <span className="muted">No description</span>}
          </p>
        </div>
        <label className="switch" data-testid="webhook-active-label">
          <input
            type="checkbox"
            role="switch"
            className="switch__input"
            checked={endpoint.active}
            disabled={busy !== null}
            onChange={() => void toggleActive()}
            aria-label={`Deliver to ${endpoint.url}`}
            data-testid="webhook-active"
          />
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__text">{endpoint.active ? 'Active' : 'Paused'}</span>
        </label>
      </div>

      <div className="hook__body">
        <ul className="chips" aria-label="Events">
          {endpoint.events.map((type) => (
            <li key={type} className="chip chip--selected">
              {type}
            </li>
          ))}
        </ul>
        <p className="hook__meta">
          Added {formatTimestamp(endpoint.created_at)} · signing secret shown once, at creation
        </p>
      </div>

      <div className="hook__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => void sendTest()}
          disabled={busy !== null}
          data-testid="webhook-test"
        >
          <Icon name="send" />
          {busy === 'test' ? 'Sending…' : 'Send test'}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={onEdit}
          aria-label={`Edit ${endpoint.url}`}
          data-testid="webhook-edit"
        >
          <Icon name="edit" />
          Edit
        </button>
        <button
          type="button"
          className="button button--danger-ghost button--small"
          onClick={onDelete}
          aria-label={`Delete ${endpoint.url}`}
          data-testid="webhook-delete"
        >
          <Icon name="trash" />
          Delete
        </button>
        <button
          type="button"
          className="link-button hook__log-toggle"
          aria-expanded={logOpen}
          aria-controls={logId}
          onClick={() => setLogOpen((open) => !open)}
          data-testid="webhook-log-toggle"
        >
          <Icon name="chevron" />
          {logOpen ? 'Hide delivery log' : 'Show delivery log'}
        </button>
      </div>
      <FormMessages error={message.error} success={message.success} testId="webhook-messages" />

      <div id={logId} hidden={!logOpen}>
        {logOpen && (
          <DeliveryLog
            client={client}
            endpointId={endpoint.id}
            tick={logTick}
            onRedelivered={() => setLogTick((n) => n + 1)}
          />
        )}
      </div>
    </li>
  );
}
