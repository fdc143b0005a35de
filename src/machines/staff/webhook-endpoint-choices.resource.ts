import type { WebhookEndpoint } from '../../services/api/staff-webhooks';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';
import type { StaffPorts } from './staff-ports';

/** The webhook endpoints the delivery log's filter offers. */
const webhookEndpointChoicesResource = createResourceMachine<WebhookEndpoint[]>('webhookEndpointChoices');

export const bindWebhookEndpointChoices = ({ api }: StaffPorts) =>
  bindResource(webhookEndpointChoicesResource, (signal) => api.webhookEndpoints({ signal }));
