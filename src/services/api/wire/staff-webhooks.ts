import * as z from 'zod/mini';

/**
 * The staff console's webhook calls (/api/staff/webhook-endpoints, /api/staff/webhook-deliveries):
 * the endpoints the order events go to and the log of their deliveries. Only the staff area's chunk
 * reads these.
 */

export const webhookDeliveryStates = ['pending', 'failing', 'dead', 'delivered'] as const;
export type WebhookDeliveryStateName = (typeof webhookDeliveryStates)[number];

export const webhookEndpointWire = z.object({
  id: z.number(),
  url: z.string(),
  // an endpoint made without one may come back empty or null
  description: z.optional(z.nullable(z.string())),
  enabled: z.boolean(),
  created_at: z.string(),
  created_by: z.string(),
  previous_secret_expires_at: z.nullable(z.string()),
  pending: z.number(),
  failing: z.number(),
  dead: z.number(),
});
export type WebhookEndpointWire = z.infer<typeof webhookEndpointWire>;
export const webhookEndpointListWire = z.object({ endpoints: z.array(webhookEndpointWire) });
export const webhookEndpointAnswerWire = z.object({ endpoint: webhookEndpointWire });
/** a new endpoint with its signing secret: shown once, never again */
export const createdWebhookEndpointWire = z.object({ endpoint: webhookEndpointWire, secret: z.string() });
export const rotatedWebhookSecretWire = z.object({
  secret: z.string(),
  previous_secret_expires_at: z.string(),
});
export const webhookTestWire = z.object({
  ok: z.boolean(),
  status: z.nullable(z.number()),
  error: z.nullable(z.string()),
  duration_ms: z.number(),
});

export const webhookDeliveryWire = z.object({
  id: z.number(),
  endpoint_id: z.number(),
  endpoint_url: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  order_id: z.nullable(z.number()),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number(),
  last_status: z.nullable(z.number()),
  last_error: z.nullable(z.string()),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type WebhookDeliveryWire = z.infer<typeof webhookDeliveryWire>;
export const webhookDeliveryPageWire = z.object({
  deliveries: z.array(webhookDeliveryWire),
  next_before: z.nullable(z.number()),
});
export const webhookDeliveryAnswerWire = z.object({ delivery: webhookDeliveryWire });
