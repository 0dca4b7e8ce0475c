/**
 * Webhooks (`#/webhooks`): the signed-in person's endpoints (document 1, "Webhook endpoints"),
 * a new endpoint's signing secret shown once, a test event, edit, pause, delete, and each
 * endpoint's delivery log with redelivery. Rules: docs/api/webhooks.md.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/errors.ts';
import { EmptyState } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessages } from '../../ui/Field.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Stack } from '../../ui/Layout.tsx';
import { OwnerBar, SignedInGate } from '../credits/SignedInGate.tsx';
import { DeleteEndpointDialog } from './DeleteEndpointDialog.tsx';
import { EndpointCard } from './EndpointCard.tsx';
import { EndpointFormDialog } from './EndpointFormDialog.tsx';
import { SecretDialog } from './SecretDialog.tsx';
import { useEndpoints } from './use-webhooks.ts';
import { MAX_ENDPOINTS } from './webhook-rules.ts';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from './webhooks-types.ts';
import styles from './Webhooks.module.css';

export function WebhooksPage() {
  return (
    <SignedInGate noun="your webhooks" testId="webhooks-page">
      <Webhooks />
    </SignedInGate>
  );
}

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; created: CreatedWebhookEndpoint }
  | null;

function Webhooks() {
  const endpoints = useEndpoints();
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The endpoint whose delivery log opens by itself (the one just created). */
  const [fresh, setFresh] = useState<string | null>(null);
  const count = endpoints.data?.length ?? 0;
  const full = count >= MAX_ENDPOINTS;

  const create = (
    <Button
      variant="primary"
      icon="plus"
      onClick={() => {
        setDone(null);
        setOpen({ kind: 'create' });
      }}
      disabled={full}
      title={full ? `At most ${MAX_ENDPOINTS} endpoints per account` : undefined}
      testId="webhook-create"
    >
      Add endpoint
    </Button>
  );

  return (
    <Stack gap={4}>
      <OwnerBar actions={count > 0 && create} />
      <FormMessages
        error={endpoints.error ? errorMessage(endpoints.error) : null}
        success={done}
        testId="webhooks-messages"
      />

      {endpoints.data && count === 0 && (
        <EmptyState
          icon="webhook"
          title="No webhook endpoints yet."
          action={create}
          testId="webhooks-empty"
        >
          Add your server’s URL, pick the events it wants, and keep the signing secret to verify
          each delivery.
        </EmptyState>
      )}
      {count > 0 && (
        <>
          <ul className={styles.hooks} aria-label="Webhook endpoints" data-testid="webhooks-list">
            {endpoints.data?.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                logOpenAtStart={endpoint.id === fresh || count === 1}
                onEdit={() => {
                  setDone(null);
                  setOpen({ kind: 'edit', endpoint });
                }}
                onDelete={() => {
                  setDone(null);
                  setOpen({ kind: 'delete', endpoint });
                }}
              />
            ))}
          </ul>
          <div className={styles.foot}>
            <p className={styles.note}>
              <Icon name="shield" />
              <span>
                Every delivery is a signed <code>POST</code>. A receiver has 10 seconds to answer
                2xx; failed attempts are retried after 1, 2, 4 and 8 minutes, and the 5th failure
                dead-letters the delivery until you redeliver it. Deduplicate on{' '}
                <code>X-Service-Event-Id</code>.
              </span>
            </p>
            <p className="muted small" data-testid="webhooks-count">
              {count} of {MAX_ENDPOINTS} endpoints
            </p>
          </div>
        </>
      )}
      {!endpoints.data && !endpoints.error && (
        <p className="muted" role="status">
          Loading your endpoints…
        </p>
      )}

      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <EndpointFormDialog
          endpoint={open.kind === 'edit' ? open.endpoint : null}
          onClose={() => setOpen(null)}
          onCreated={(created) => {
            setFresh(created.id);
            setOpen({ kind: 'secret', created });
          }}
          onUpdated={(updated) => {
            setOpen(null);
            setDone(`Saved the endpoint ${updated.url}.`);
          }}
        />
      )}
      {open?.kind === 'secret' && (
        <SecretDialog created={open.created} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'delete' && (
        <DeleteEndpointDialog
          endpoint={open.endpoint}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            setDone(`Deleted the endpoint ${open.endpoint.url} and its delivery log.`);
            setOpen(null);
          }}
        />
      )}
    </Stack>
  );
}
