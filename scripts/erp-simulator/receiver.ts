import { Hono } from 'hono';
import { Webhook } from 'standardwebhooks';
import { type OrderEvent, orderEventWire } from './order-event';

/**
 * The simulated ERP's webhook receiver (POST /webhooks): checks each request's Standard Webhooks
 * signature with the endpoint's secret, takes each event id once (the portal sends an event again
 * when it did not see a 2xx, with the same id), and with `failFirst` answers 503 to the first tries
 * of each event so the portal's retries show.
 */
export interface ReceiverDeps {
  /** the endpoint's signing secret ("whsec_…"); undefined until the portal answered it */
  secret: () => string | undefined;
  failFirst: number;
  log: (line: string) => void;
  /** an order event seen for the first time */
  accept: (event: OrderEvent) => void;
}

export const WEBHOOK_PATH = '/webhooks';

export function webhookReceiver(deps: ReceiverDeps) {
  const handled = new Set<string>();
  const tries = new Map<string, number>();
  const app = new Hono();

  app.get('/', (c) => c.json({ receiver: WEBHOOK_PATH, events: handled.size }));

  app.post(WEBHOOK_PATH, async (c) => {
    const secret = deps.secret();
    // an event that arrives before the portal answered the secret is taken on a later try
    if (secret === undefined) return c.json({ detail: 'Not registered yet.' }, 503);
    const body = await c.req.text();
    const id = c.req.header('webhook-id') ?? '';
    let payload: unknown;
    try {
      payload = new Webhook(secret).verify(body, {
        'webhook-id': id,
        'webhook-timestamp': c.req.header('webhook-timestamp') ?? '',
        'webhook-signature': c.req.header('webhook-signature') ?? '',
      });
    } catch (error) {
      deps.log(
        `webhook ${id || '(no id)'} refused: ${error instanceof Error ? error.message : String(error)}`,
      );
      return c.json({ detail: 'The signature does not verify.' }, 401);
    }
    if (handled.has(id)) {
      deps.log(`webhook ${id} again: already handled`);
      return c.json({ received: id, duplicate: true });
    }
    const tried = (tries.get(id) ?? 0) + 1;
    tries.set(id, tried);
    if (tried <= deps.failFirst) {
      deps.log(`webhook ${id}: answered 503 (try ${tried} of the ${deps.failFirst} to fail)`);
      return c.json({ detail: 'Simulated outage.' }, 503);
    }
    const type = (payload as { type?: unknown } | null)?.type;
    if (type === 'webhook.test') {
      handled.add(id);
      deps.log(`webhook ${id}: test event`);
      return c.json({ received: id });
    }
    const event = orderEventWire.safeParse(payload);
    if (!event.success) {
      deps.log(`webhook ${id}: not an order event this ERP knows (type ${String(type)}), refused`);
      return c.json({ detail: 'Not an order event.', errors: event.error.issues }, 422);
    }
    handled.add(id);
    tries.delete(id);
    const { order } = event.data.data;
    deps.log(
      `webhook ${id}: ${event.data.type} order ${order.id} version ${order.version}, ${order.suborders.length} suborder${order.suborders.length === 1 ? '' : 's'}${tried > 1 ? ` (try ${tried})` : ''}`,
    );
    deps.accept(event.data);
    return c.json({ received: id });
  });

  return app;
}
