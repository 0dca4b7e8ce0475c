/**
 * New endpoint (POST /webhooks/endpoints) or changes to one (PATCH, only what changed): the
 * receiver URL, the events from the documented list, a description. A URL the engine refuses is
 * explained in terms the person can act on: for a receiver on this computer, the owner's setting
 * that allows it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Fieldset, FormMessages, TextField, focusFirstInvalid } from '../../ui/Field.tsx';
import { Toggle } from '../../ui/Toggle.tsx';
import { useEndpointMutations } from './use-webhooks.ts';
import {
  DEFAULT_EVENTS,
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
import type {
  CreatedWebhookEndpoint,
  NewWebhookEndpoint,
  WebhookEndpoint,
  WebhookEndpointPatch,
} from './webhooks-types.ts';
import styles from './Webhooks.module.css';

const REFUSED_HERE = 'Receivers on this computer are turned off.';

export function EndpointFormDialog({
  endpoint,
  onClose,
  onCreated,
  onUpdated,
}: {
  /** null: a new endpoint. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
  onUpdated: (updated: WebhookEndpoint) => void;
}) {
  const form = useRef<HTMLFormElement | null>(null);
  const [fields, setFields] = useState<EndpointFields>(() => ({
    url: endpoint?.url ?? '',
    events: endpoint?.events ?? DEFAULT_EVENTS,
    description: endpoint?.description ?? '',
  }));
  const [errors, setErrors] = useState<EndpointErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [advice, setAdvice] = useState<UrlAdvice>(null);
  const { create, update } = useEndpointMutations();
  const busy = create.isPending || update.isPending;

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.current = event.currentTarget;
    const problems = endpointProblems(fields);
    setErrors(problems);
    setFailure(null);
    setAdvice(null);
    if (Object.values(problems).some(Boolean)) {
      focusFirstInvalid(form.current);
      return;
    }
    try {
      if (endpoint) {
        const patch = endpointPatch(endpoint, fields);
        onUpdated(
          patch
            ? await update.mutateAsync({
                params: { endpoint_id: endpoint.id },
                json: patch as WebhookEndpointPatch,
              })
            : endpoint,
        );
      } else {
        // Event names go as chosen; the engine refuses an unknown one.
        onCreated(
          await create.mutateAsync({ json: endpointRequest(fields) as NewWebhookEndpoint }),
        );
      }
    } catch (caught) {
      const why = isApiError(caught) ? refusalAdvice(fields.url, caught.code, caught.detail) : null;
      if (why) {
        setAdvice(why);
        setErrors({
          url:
            why === 'loopback-off'
              ? REFUSED_HERE
              : why === 'loopback-address'
                ? 'This address is not one the engine delivers to.'
                : 'This webhook URL is refused: use https:// on a public address.',
        });
        focusFirstInvalid(form.current);
      } else {
        setFailure(errorMessage(caught));
      }
    }
  }

  return (
    <Dialog
      open
      title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      testId="webhook-form-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" busy={busy} testId="webhook-form-submit">
            {endpoint ? 'Save changes' : 'Add endpoint'}
          </Button>
        </>
      }
    >
      <div className={styles.form} data-testid="webhook-form">
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
          <Alert tone="info" testId="webhook-url-advice">
            Receivers on this computer are allowed here, but only as{' '}
            <code>http://127.0.0.1:&lt;port&gt;</code> or <code>http://localhost:&lt;port&gt;</code>{' '}
            (or the same with <code>https</code>).
          </Alert>
        )}
        {advice === 'public-https' && (
          <Alert tone="info" testId="webhook-url-advice">
            Receivers must use <code>https://</code> on a public address: private, loopback and
            internal networks are refused, so a delivery cannot reach into your own network. A
            receiver on this computer works only when the computer’s owner allows it.
          </Alert>
        )}

        <Fieldset legend="Events" testId="webhook-events">
          <div className={styles.events}>
            {WEBHOOK_EVENTS.map((option) => (
              <Toggle
                key={option.type}
                plain
                checked={fields.events.includes(option.type)}
                onChange={(on) => toggleEvent(option.type, on)}
                testId={`webhook-event-${option.type}`}
              >
                <span className={styles.eventText}>
                  <span>
                    {option.label} <code>{option.type}</code>
                  </span>
                  <span className="muted small">{option.when}</span>
                </span>
              </Toggle>
            ))}
          </div>
          {errors.events && (
            <p className={styles.fieldError} role="alert">
              {errors.events}
            </p>
          )}
        </Fieldset>

        <TextField
          label="Description"
          optional
          placeholder="What receives these events, e.g. “Render farm notifier”"
          value={fields.description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          onChange={(event) => set('description', event.target.value)}
          error={errors.description}
          testId="webhook-description-input"
        />
        <FormMessages error={failure} testId="webhook-form-messages" />
      </div>
    </Dialog>
  );
}

function LoopbackAdvice() {
  return (
    <Alert tone="warn" title={REFUSED_HERE} testId="webhook-loopback-advice">
      For safety the engine only delivers to HTTPS addresses on the public internet. The computer’s
      owner can allow receivers at <code>http://127.0.0.1:&lt;port&gt;</code> and{' '}
      <code>http://localhost:&lt;port&gt;</code> by naming their ports in the engine’s webhook
      settings and restarting the engine.
    </Alert>
  );
}
