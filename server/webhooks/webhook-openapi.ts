import { z } from 'zod';
import type { OpenApiParts } from '../integration/openapi-parts';
import {
  createdWebhookEndpointWire,
  webhookEndpointListWire,
  webhookEndpointRequestWire,
} from './webhook-wire';

/** This part's paths in the integration API's OpenAPI document. */
export function registerWebhookPaths(parts: OpenApiParts) {
  const { registry, security, unauthorized, forbidden, throttled } = parts;
  const EndpointRequest = parts.component('WebhookEndpointRequest', webhookEndpointRequestWire, 'input');
  const EndpointList = parts.component('WebhookEndpointList', webhookEndpointListWire, 'output');
  const CreatedEndpoint = parts.component('CreatedWebhookEndpoint', createdWebhookEndpointWire, 'output');
  const scopeNote = 'The key needs the scope `webhooks:write`.';

  registry.registerPath({
    method: 'get',
    path: '/webhook-endpoints',
    summary: 'The webhook endpoints',
    description: `Every endpoint not deleted, oldest first, with its deliveries still open. Secrets are never listed. ${scopeNote}`,
    security,
    responses: {
      200: { description: 'The endpoints.', content: { 'application/json': { schema: EndpointList } } },
      401: unauthorized,
      403: forbidden,
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'post',
    path: '/webhook-endpoints',
    summary: 'Register a webhook endpoint',
    description: [
      'Every order event recorded from now on (`order.placed`, `order.amended`, `order.cancelled`) is POSTed to the URL,',
      'signed as Standard Webhooks specify (`webhook-id`, `webhook-timestamp`, `webhook-signature`) with the secret answered here, and only here.',
      'Failed tries are repeated with a growing pause; per order the events arrive in order.',
      `Earlier events can be read with \`GET /events\`. ${scopeNote}`,
    ].join(' '),
    security,
    request: {
      body: { required: true, content: { 'application/json': { schema: EndpointRequest } } },
    },
    responses: {
      201: {
        description: 'The endpoint and its signing secret.',
        content: { 'application/json': { schema: CreatedEndpoint } },
      },
      400: parts.failure('A URL that is not http(s), or another field that does not fit (`invalid`).'),
      401: unauthorized,
      403: forbidden,
      429: throttled,
    },
  });

  registry.registerPath({
    method: 'delete',
    path: '/webhook-endpoints/{id}',
    summary: 'Delete a webhook endpoint',
    description: `It receives no more events; deliveries still open to it end dead and are not tried again. ${scopeNote}`,
    security,
    request: { params: z.object({ id: z.string().describe('The endpoint id.') }) },
    responses: {
      204: { description: 'Deleted.' },
      401: unauthorized,
      403: forbidden,
      404: parts.failure('No endpoint with this id (`not_found`).'),
      429: throttled,
    },
  });
}
