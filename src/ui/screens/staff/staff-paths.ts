/** The staff area's routes, relative to /staff (wouter's nested router). */
export const staffPaths = {
  imports: '/',
  keys: '/keys/',
  job: (id: string) => `/imports/${encodeURIComponent(id)}/`,
  jobPattern: '/imports/:id/',
  webhooks: '/webhooks/',
  deliveries: '/webhooks/deliveries/',
  /** the delivery log opened with a filter (an endpoint's counts link there) */
  deliveriesOf: (filter: { endpointId?: number; state?: string; orderId?: number }) => {
    const query = new URLSearchParams();
    if (filter.state) query.set('state', filter.state);
    if (filter.endpointId !== undefined) query.set('endpoint', String(filter.endpointId));
    if (filter.orderId !== undefined) query.set('order', String(filter.orderId));
    return `/webhooks/deliveries/?${query}`;
  },
  suborders: '/suborders/',
  /** the suborder look-up opened on an order */
  subordersOf: (orderId: number) => `/suborders/?order=${orderId}`,
} as const;
