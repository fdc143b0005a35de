import * as z from 'zod/mini';
import { webhookDeliveryStates } from '../../src/services/api/wire/staff-webhooks';

// The wire shapes of webhook endpoints and deliveries, shared by the staff console and the
// integration API; the OpenAPI document is made of the same schemas.

export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** fetch refuses a URL with credentials, and the signature is what tells the receiver who sent it */
function webhookUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full URL, e.g. https://erp.example.com/webhooks/portal.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'A webhook URL starts with http:// or https://.';
  if (url.username || url.password)
    return 'A webhook URL cannot hold a user name or password; receivers check the signature instead.';
  return undefined;
}

const webhookUrl = z.string().check(
  z.trim(),
  z.maxLength(2000, 'A webhook URL may be at most 2000 characters long.'),
  z.superRefine((text, context) => {
    const problem = webhookUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: text });
  }),
  z.describe('where the events are POSTed: an http or https URL'),
);

export const webhookEndpointRequestWire = z.object({
  url: webhookUrl,
  description: z.optional(
    z.string().check(z.trim(), z.maxLength(200), z.describe('what receives the events, for people')),
  ),
});

export const webhookEndpointPatchWire = z.object({
  enabled: z.boolean().check(z.describe('false: no events are sent to it or queued for it')),
});

const rowId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

export const webhookDeliveryListQuery = z.object({
  state: z.optional(z.enum(webhookDeliveryStates)),
  endpoint: z.optional(rowId),
  order: z.optional(rowId),
  before: z.optional(rowId.check(z.describe('a delivery id: the deliveries before it (`next_before`)'))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
});

export const webhookEndpointWire = z.object({
  id: z.int(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  created_by: z.string().check(z.describe('"staff:<username>", "key:<key name>" or "cli"')),
  previous_secret_expires_at: z.nullable(
    z
      .string()
      .check(z.describe('until then requests are also signed with the secret before the last rotation')),
  ),
  pending: z.int().check(z.describe('deliveries waiting for their first try')),
  failing: z.int().check(z.describe('deliveries that failed and will be tried again')),
  dead: z.int().check(z.describe('deliveries that failed every try; sent again only when replayed')),
});
export type WebhookEndpointWire = z.infer<typeof webhookEndpointWire>;

export const webhookEndpointListWire = z.object({ endpoints: z.array(webhookEndpointWire) });

export const createdWebhookEndpointWire = z.object({
  endpoint: webhookEndpointWire,
  secret: z
    .string()
    .check(z.describe('"whsec_…": the signing secret, answered only now (store it with the receiver)')),
});

export const webhookDeliveryWire = z.object({
  id: z.int(),
  endpoint_id: z.int(),
  endpoint_url: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  order_id: z.int(),
  state: z.enum(webhookDeliveryStates),
  attempts: z.int(),
  last_status: z.nullable(z.int()),
  last_error: z.nullable(z.string()),
  last_attempt_at: z.nullable(z.string()),
  next_attempt_at: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type WebhookDeliveryWire = z.infer<typeof webhookDeliveryWire>;
