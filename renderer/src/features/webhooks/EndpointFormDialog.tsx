/**
 * New endpoint (POST /webhooks/endpoints) or changes to one (PATCH, only what changed): the
 * receiver URL, the events from the documented list, a description. A URL the engine refuses is
 * explained in terms the person can act on — for a receiver on this machine, the owner's setting
 * that allows it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { accountErrorText } from '../account/error-text.ts';
import {
  DEFAULT_EVENTS,
  LOOPBACK_ENV,
  LOOPBACK_SETTING,
  MAX_DESCRIPTION_LENGTH,
  WEBHOOK_EVENTS,
  endpointPatch,
  endpointProblems,
  endpointRequest,
  refusalAdvice,
  type EndpointErrors,
  type EndpointFields,
  type UrlAdvice,
} from './webhook-rules.ts';
import type { WebhooksClient } from './webhooks-client.ts';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from './webhooks-types.ts';

export function EndpointFormDialog({
  client,
  endpoint,
  onClose,
  onCreated,
  onUpdated,
}: {
  client: WebhooksClient;
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
  onUpdated: (updated: WebhookEndpoint) => void;
}) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<EndpointFields>(() => ({
    url: endpoint?.url ?? '',
    events: endpoint?.events ?? DEFAULT_EVENTS,
    description: endpoint?.description ?? '',
  }));
  const [errors, setErrors] = useState<EndpointErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [advice, setAdvice] = useState<UrlAdvice>(null);
  const [busy, setBusy] = useState(false);

  function set<K extends keyof EndpointFields>(key: K, value: EndpointFields[K]) {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    if (key === 'url') setAdvice(null);
  }

  function toggleEvent(type: string, on: boolean) {
    set(
      'events',
      on ? [...fields.events, type] : fields.events.filter((chosen) => chosen !== type),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = endpointProblems(fields);
    setErrors(problems);
    setFailure(null);
    setAdvice(null);
    if (Object.values(problems).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    setBusy(true);
    try {
      if (endpoint) {
        const patch = endpointPatch(endpoint, fields);
        onUpdated(patch ? await client.update(endpoint.id, patch) : endpoint);
      } else {
        onCreated(await client.create(endpointRequest(fields)));
      }
    } catch (caught) {
      setBusy(false);
      const why = isApiError(caught) ? refusalAdvice(fields.url, caught.code, caught.detail) : null;
      if (why) {
        setAdvice(why);
        setErrors({ url: isApiError(caught) ? caught.detail : undefined });
        focusFirstInvalid(form.current);
      } else {
        setFailure(accountErrorText(caught));
      }
    }
  }

  const formId = `${ids}-form`;
  return (
    <Dialog
      open
      title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
      onClose={onClose}
      testId="webhook-form-dialog"
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={busy}
            data-testid="webhook-form-submit"
          >
            {busy ? 'Saving…' : endpoint ? 'Save changes' : 'Add endpoint'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        ref={form}
        className="form hook-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="webhook-form"
      >
        <TextField
          label="Receiver URL"
          type="url"
          placeholder="https://hooks.example.com/tapehouse"
          value={fields.url}
          onChange={(event) => set('url', event.target.value)}
          error={errors.url}
          hint="HTTPS on a public address. The engine checks it now and again before every delivery."
          spellCheck={false}
          autoComplete="off"
          testId="webhook-url-input"
        />
        {advice === 'loopback-off' && <LoopbackAdvice />}
        {advice === 'loopback-address' && (
          <div className="alert alert--info" data-testid="webhook-url-advice">
            <Icon name="shield" />
            <div>
              Receivers on this machine are allowed here, but only as{' '}
              <code>http://127.0.0.1:&lt;port&gt;</code> or{' '}
              <code>http://localhost:&lt;port&gt;</code> (or the same with <code>https</code>).
            </div>
          </div>
        )}
        {advice === 'public-https' && (
          <div className="alert alert--info" data-testid="webhook-url-advice">
            <Icon name="shield" />
            <div>
              Receivers must use <code>https://</code> on a public address: private, loopback and
              internal networks are refused, so a delivery cannot reach into your own network. A
              receiver on this machine works only when the machine’s owner allows it with{' '}
              <code>{LOOPBACK_ENV}</code>.
            </div>
          </div>
        )}

        <fieldset
          className="fieldset"
          aria-describedby={errors.events ? `${ids}-events-error` : undefined}
        >
          <legend className="field__label">Events</legend>
          <div className="hook-events">
            {WEBHOOK_EVENTS.map((option) => (
              <label key={option.type} className="hook-event">
                <input
                  type="checkbox"
                  checked={fields.events.includes(option.type)}
                  onChange={(event) => toggleEvent(option.type, event.target.checked)}
                  aria-invalid={errors.events ? true : undefined}
                  data-testid={`webhook-event-${option.type}`}
                />
                <span className="hook-event__text">
                  <span className="hook-event__name">
                    {option.label} <code>{option.type}</code>
                  </span>
                  <span className="hook-event__when">{option.when}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.events && (
            <p className="field__error" id={`${ids}-events-error`}>
              {errors.events}
            </p>
          )}
        </fieldset>

        <TextField
          label="Description"
          aside={<span className="muted small">Optional</span>}
          placeholder="What receives these events, e.g. “Render farm notifier”"
          value={fields.description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          onChange={(event) => set('description', event.target.value)}
          error={errors.description}
          testId="webhook-description-input"
        />
        <FormMessages error={failure} testId="webhook-form-messages" />
      </form>
    </Dialog>
  );
}

function LoopbackAdvice() {
  return (
    <div className="alert alert--warn" data-testid="webhook-loopback-advice">
      <Icon name="alert" />
      <div>
        <strong>Receivers on this machine are turned off.</strong> For safety the engine only
        delivers to HTTPS addresses on the public internet. The machine’s owner can allow{' '}
        <code>http://127.0.0.1:&lt;port&gt;</code> and <code>http://localhost:&lt;port&gt;</code>{' '}
        receivers by starting the engine with <code>{LOOPBACK_ENV}</code>, or by adding{' '}
        <code>{LOOPBACK_SETTING}</code> to the engine’s <code>settings.json</code>, then restarting
        it.
      </div>
    </div>
  );
}
