/** Typed calls for the Webhooks page, with the signed-in person's access token. */
import type { UserApi } from '../credits/user-api.ts';
import type {
  CreatedWebhookEndpoint,
  DeliveryPage,
  NewWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointPatch,
} from './webhooks-types.ts';

const endpointPath = (id: string) => `/webhooks/endpoints/${encodeURIComponent(id)}`;

export class WebhooksClient {
  constructor(private readonly api: UserApi) {}

  list(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
    return this.api.json('/webhooks/endpoints', { signal });
  }

  create(endpoint: NewWebhookEndpoint): Promise<CreatedWebhookEndpoint> {
    return this.api.json('/webhooks/endpoints', { method: 'POST', json: endpoint });
  }

  update(id: string, patch: WebhookEndpointPatch): Promise<WebhookEndpoint> {
    return this.api.json(endpointPath(id), { method: 'PATCH', json: patch });
  }

  async remove(id: string): Promise<void> {
    await this.api.send(endpointPath(id), { method: 'DELETE' });
  }

  sendTest(id: string): Promise<WebhookDelivery> {
    return this.api.json(`${endpointPath(id)}/test`, { method: 'POST' });
  }

  deliveries(
    id: string,
    query: { page: number; perPage: number },
    signal?: AbortSignal,
  ): Promise<DeliveryPage> {
    const params = new URLSearchParams({
      page: String(query.page),
      per_page: String(query.perPage),
    });
    return this.api.json(`${endpointPath(id)}/deliveries?${params.toString()}`, { signal });
  }

  redeliver(deliveryId: string): Promise<WebhookDelivery> {
    return this.api.json(`/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
      method: 'POST',
    });
  }
}
