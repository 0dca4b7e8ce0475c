/** Typed calls for the Webhooks page, with the signed-in person's access token. */
import type { UserApi } from '../credits/user-api.ts';
import type {
  CreatedWebhookEndpoint,
  DeliveryPage,
  EndpointBody,
  NewWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointPatch,
} from './webhooks-types.ts';

const ENDPOINT = '/webhooks/endpoints/{endpoint_id}';

export class WebhooksClient {
  constructor(private readonly api: UserApi) {}

  list(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
    return this.api.user.get('/webhooks/endpoints', { signal });
  }

  create(endpoint: EndpointBody<NewWebhookEndpoint>): Promise<CreatedWebhookEndpoint> {
    // Event names go as chosen; the engine refuses an unknown one (see EndpointBody).
    return this.api.user.post('/webhooks/endpoints', { json: endpoint as NewWebhookEndpoint });
  }

  update(id: string, patch: EndpointBody<WebhookEndpointPatch>): Promise<WebhookEndpoint> {
    return this.api.user.patch(ENDPOINT, {
      params: { endpoint_id: id },
      json: patch as WebhookEndpointPatch,
    });
  }

  async remove(id: string): Promise<void> {
    await this.api.user.delete(ENDPOINT, { params: { endpoint_id: id } });
  }

  sendTest(id: string): Promise<WebhookDelivery> {
    return this.api.user.post(`${ENDPOINT}/test`, { params: { endpoint_id: id } });
  }

  deliveries(
    id: string,
    query: { page: number; perPage: number },
    signal?: AbortSignal,
  ): Promise<DeliveryPage> {
    return this.api.user.get(`${ENDPOINT}/deliveries`, {
      params: { endpoint_id: id },
      query: { page: query.page, per_page: query.perPage },
      signal,
    });
  }

  redeliver(deliveryId: string): Promise<WebhookDelivery> {
    return this.api.user.post('/webhooks/deliveries/{delivery_id}/redeliver', {
      params: { delivery_id: deliveryId },
    });
  }
}
