// What the staff console's forms offer: the import kinds and modes, the key scopes and the webhook
// delivery states, as the API names them.
export { importKinds, importModes, integrationScopes } from '../../services/api/wire/staff';
export { webhookDeliveryStates } from '../../services/api/wire/staff-webhooks';
