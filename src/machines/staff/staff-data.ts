// The data the staff console's pages show, as its API client reads it (the views name these types).
export type { SuborderEvent, SuborderHistory } from '../../services/api/staff-suborders';
export type {
  WebhookDelivery,
  WebhookDeliveryStateName,
  WebhookEndpoint,
} from '../../services/api/staff-webhooks';
