import type { HttpClient } from './client';
import {
  createdWebhookEndpointWire,
  rotatedWebhookSecretWire,
  type WebhookDeliveryStateName,
  type WebhookDeliveryWire,
  type WebhookEndpointWire,
  webhookDeliveryAnswerWire,
  webhookDeliveryPageWire,
  webhookEndpointAnswerWire,
  webhookEndpointListWire,
  webhookTestWire,
} from './wire/staff-webhooks';

export type { WebhookDeliveryStateName };

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string;
  enabled: boolean;
  createdAt: string;
  createdBy: string;
  /** while a rotation overlaps: until when the previous secret still verifies */
  previousSecretExpiresAt: string | null;
  /** deliveries waiting, of them the ones that failed at least once, and the given-up ones */
  pending: number;
  failing: number;
  dead: number;
}

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpoint;
  /** the signing secret: shown once, never again */
  secret: string;
}

export interface RotatedWebhookSecret {
  secret: string;
  /** until then the previous secret signs too */
  previousSecretExpiresAt: string;
}

export interface WebhookTestResult {
  ok: boolean;
  /** the receiver's HTTP status; null when it gave none (refused, timed out) */
  status: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  endpointUrl: string;
  eventId: string;
  eventType: string;
  orderId: number | null;
  state: WebhookDeliveryStateName;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

/** Which deliveries the log shows; null is "any". */
export interface WebhookDeliveryFilter {
  state: WebhookDeliveryStateName | null;
  endpointId: number | null;
  orderId: number | null;
}

export interface WebhookDeliveryPage {
  deliveries: WebhookDelivery[];
  /** the cursor of the older page; null on the oldest */
  nextBefore: number | null;
}

type CallOptions = { signal?: AbortSignal | undefined };

export interface StaffWebhookApi {
  webhookEndpoints(options?: CallOptions): Promise<WebhookEndpoint[]>;
  createWebhookEndpoint(
    endpoint: { url: string; description: string },
    options?: CallOptions,
  ): Promise<CreatedWebhookEndpoint>;
  setWebhookEndpointEnabled(id: number, enabled: boolean, options?: CallOptions): Promise<WebhookEndpoint>;
  deleteWebhookEndpoint(id: number, options?: CallOptions): Promise<void>;
  rotateWebhookSecret(id: number, options?: CallOptions): Promise<RotatedWebhookSecret>;
  /** sends a signed `webhook.test` event at once and answers how the endpoint took it */
  testWebhookEndpoint(id: number, options?: CallOptions): Promise<WebhookTestResult>;
  /** one page of the delivery log, newest first: the one before `before` (a delivery id) */
  webhookDeliveries(
    filter: WebhookDeliveryFilter,
    before: number | null,
    options?: CallOptions,
  ): Promise<WebhookDeliveryPage>;
  /** a dead or failing delivery is due again now, its attempts from 0 */
  replayWebhookDelivery(id: number, options?: CallOptions): Promise<WebhookDelivery>;
}

export const WEBHOOK_DELIVERIES_PAGE = 50;

const toEndpoint = (w: WebhookEndpointWire): WebhookEndpoint => ({
  id: w.id,
  url: w.url,
  description: w.description ?? '',
  enabled: w.enabled,
  createdAt: w.created_at,
  createdBy: w.created_by,
  previousSecretExpiresAt: w.previous_secret_expires_at,
  pending: w.pending,
  failing: w.failing,
  dead: w.dead,
});

const toDelivery = (w: WebhookDeliveryWire): WebhookDelivery => ({
  id: w.id,
  endpointId: w.endpoint_id,
  endpointUrl: w.endpoint_url,
  eventId: w.event_id,
  eventType: w.event_type,
  orderId: w.order_id,
  state: w.state,
  attempts: w.attempts,
  lastStatus: w.last_status,
  lastError: w.last_error,
  lastAttemptAt: w.last_attempt_at,
  nextAttemptAt: w.next_attempt_at,
  deliveredAt: w.delivered_at,
  createdAt: w.created_at,
});

/** The webhook calls of the staff API client; `signedIn` tells the session of a refused token. */
export function staffWebhookCalls(
  http: HttpClient,
  signedIn: <T>(run: () => Promise<T>) => Promise<T>,
): StaffWebhookApi {
  return {
    webhookEndpoints: ({ signal } = {}) =>
      signedIn(() =>
        http.call({ method: 'get', path: 'staff/webhook-endpoints', signal }, webhookEndpointListWire, (w) =>
          w.endpoints.map(toEndpoint),
        ),
      ),
    createWebhookEndpoint: ({ url, description }, { signal } = {}) =>
      signedIn(() =>
        http.call(
          {
            method: 'post',
            path: 'staff/webhook-endpoints',
            json: description === '' ? { url } : { url, description },
            signal,
          },
          createdWebhookEndpointWire,
          (w) => ({ endpoint: toEndpoint(w.endpoint), secret: w.secret }),
        ),
      ),
    setWebhookEndpointEnabled: (id, enabled, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'patch', path: `staff/webhook-endpoints/${id}`, json: { enabled }, signal },
          webhookEndpointAnswerWire,
          (w) => toEndpoint(w.endpoint),
        ),
      ),
    deleteWebhookEndpoint: (id, { signal } = {}) =>
      signedIn(() => http.send({ method: 'delete', path: `staff/webhook-endpoints/${id}`, signal })),
    rotateWebhookSecret: (id, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'post', path: `staff/webhook-endpoints/${id}/rotate-secret`, json: {}, signal },
          rotatedWebhookSecretWire,
          (w) => ({ secret: w.secret, previousSecretExpiresAt: w.previous_secret_expires_at }),
        ),
      ),
    testWebhookEndpoint: (id, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'post', path: `staff/webhook-endpoints/${id}/test`, json: {}, signal },
          webhookTestWire,
          (w) => ({ ok: w.ok, status: w.status, error: w.error, durationMs: w.duration_ms }),
        ),
      ),
    webhookDeliveries: (filter, before, { signal } = {}) => {
      const query = new URLSearchParams({ limit: String(WEBHOOK_DELIVERIES_PAGE) });
      if (filter.state) query.set('state', filter.state);
      if (filter.endpointId !== null) query.set('endpoint', String(filter.endpointId));
      if (filter.orderId !== null) query.set('order', String(filter.orderId));
      if (before !== null) query.set('before', String(before));
      return signedIn(() =>
        http.call(
          { method: 'get', path: `staff/webhook-deliveries?${query}`, signal },
          webhookDeliveryPageWire,
          (w) => ({ deliveries: w.deliveries.map(toDelivery), nextBefore: w.next_before }),
        ),
      );
    },
    replayWebhookDelivery: (id, { signal } = {}) =>
      signedIn(() =>
        http.call(
          { method: 'post', path: `staff/webhook-deliveries/${id}/replay`, json: {}, signal },
          webhookDeliveryAnswerWire,
          (w) => toDelivery(w.delivery),
        ),
      ),
  };
}
