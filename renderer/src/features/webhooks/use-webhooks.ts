/**
 * The Webhooks page's data, as the signed-in person (`as: 'user'`): the endpoint list and each
 * endpoint's delivery log are contract queries; every change invalidates `/webhooks`, so the list
 * and the open logs refresh together. Event names go as chosen; the engine refuses an unknown one.
 */
import { useContractMutation, useContractQuery } from '../../data/contract-query.ts';

const WEBHOOKS = ['/webhooks'] as const;

export function useEndpoints() {
  return useContractQuery('/webhooks/endpoints', {}, { as: 'user' });
}

export function useEndpointMutations() {
  return {
    create: useContractMutation('post', '/webhooks/endpoints', {
      as: 'user',
      invalidates: WEBHOOKS,
    }),
    update: useContractMutation('patch', '/webhooks/endpoints/{endpoint_id}', {
      as: 'user',
      invalidates: WEBHOOKS,
    }),
    remove: useContractMutation('delete', '/webhooks/endpoints/{endpoint_id}', {
      as: 'user',
      invalidates: WEBHOOKS,
    }),
    sendTest: useContractMutation('post', '/webhooks/endpoints/{endpoint_id}/test', {
      as: 'user',
      invalidates: WEBHOOKS,
    }),
    redeliver: useContractMutation('post', '/webhooks/deliveries/{delivery_id}/redeliver', {
      as: 'user',
      invalidates: WEBHOOKS,
    }),
  };
}

/**
 * A delivery log page; it polls while shown: every second while a delivery is pending, every few
 * seconds while one waits for a retry, slowly otherwise.
 */
export function useDeliveries(endpointId: string, page: number, perPage: number) {
  return useContractQuery(
    '/webhooks/endpoints/{endpoint_id}/deliveries',
    { params: { endpoint_id: endpointId }, query: { page, per_page: perPage } },
    {
      as: 'user',
      keepPrevious: true,
      refetchInterval: (data) =>
        data?.deliveries.some((d) => d.status === 'pending')
          ? 1_000
          : data?.deliveries.some((d) => d.status === 'retrying')
            ? 3_000
            : 10_000,
    },
  );
}
