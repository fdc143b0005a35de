import { randomUUID } from 'node:crypto';
import { sendWebhook, type WebhookResult } from './send-webhook';
import type { WebhookEndpointRow } from './webhook-endpoints';
import { signingSecrets } from './webhook-secrets';
import { defaultWebhookSettings } from './webhook-settings';

/**
 * Sends a signed `webhook.test` event to an endpoint at once, past the outbox (nothing is stored or
 * retried), so the staff see whether the receiver is reachable and checks the signature. A disabled
 * endpoint may be tested too, before it is enabled.
 */
export function sendTestEvent(
  endpoint: WebhookEndpointRow,
  now: Date,
  timeoutMs = defaultWebhookSettings.timeoutMs,
): Promise<WebhookResult> {
  const payload = JSON.stringify({
    type: 'webhook.test',
    timestamp: now.toISOString(),
    data: { endpoint: { id: endpoint.id, url: endpoint.url } },
  });
  return sendWebhook({
    url: endpoint.url,
    eventId: `evt_${randomUUID().replaceAll('-', '')}`,
    payload,
    secrets: signingSecrets(endpoint, now),
    now,
    timeoutMs,
  });
}
