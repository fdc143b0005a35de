import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '../db/schema';

/** How long a rotated secret still signs, so a receiver can switch to the new one without losing events. */
export const PREVIOUS_SECRET_KEPT_MS = 24 * 60 * 60_000;

/** "whsec_" and the base64 of 24 random bytes: the form Standard Webhooks libraries read. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

type EndpointSecrets = Pick<
  Selectable<WebhookEndpointsTable>,
  'secret' | 'previous_secret' | 'previous_secret_expires_at'
>;

/** The secrets a request is signed with at `now`: the current one, and the previous one until it expires. */
export function signingSecrets(endpoint: EndpointSecrets, now: Date): string[] {
  const { secret, previous_secret: previous, previous_secret_expires_at: expiresAt } = endpoint;
  if (previous && expiresAt && expiresAt > now.toISOString()) return [secret, previous];
  return [secret];
}
