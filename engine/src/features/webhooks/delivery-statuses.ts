/** Delivery states (document 1 leaves them "not shown"; docs/api/webhooks.md). No imports: the
 * database schema, the route schemas and the studio all read this one list. */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'dead_lettered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
