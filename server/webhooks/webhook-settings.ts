/**
 * How order events are delivered to webhook endpoints. Every value is a whole number; the
 * environment names and defaults are listed in docs/operations.md, "Webhooks".
 */
export interface WebhookSettings {
  /** WEBHOOK_MAX_ATTEMPTS: tries of one delivery before it is dead (a dead letter, replayed by hand) */
  maxAttempts: number;
  /** WEBHOOK_BACKOFF_BASE_MS: the pause after the first failed try; it doubles with each further one */
  backoffBaseMs: number;
  /** WEBHOOK_TIMEOUT_MS: how long one request may take, answer included, before it counts as failed */
  timeoutMs: number;
  /** WEBHOOK_POLL_MS: how often an idle worker looks for due deliveries */
  pollMs: number;
}

export const defaultWebhookSettings: WebhookSettings = {
  maxAttempts: 10,
  backoffBaseMs: 5_000,
  timeoutMs: 10_000,
  pollMs: 250,
};

/** The longest pause between two tries, however many failed before. */
export const WEBHOOK_BACKOFF_CAP_MS = 60 * 60_000;

const environmentNames: Record<keyof WebhookSettings, string> = {
  maxAttempts: 'WEBHOOK_MAX_ATTEMPTS',
  backoffBaseMs: 'WEBHOOK_BACKOFF_BASE_MS',
  timeoutMs: 'WEBHOOK_TIMEOUT_MS',
  pollMs: 'WEBHOOK_POLL_MS',
};

/** The settings from the environment; an unset or empty variable keeps its default, a bad one throws, naming it. */
export function readWebhookSettings(env: NodeJS.ProcessEnv): WebhookSettings {
  const settings = { ...defaultWebhookSettings };
  for (const key of Object.keys(environmentNames) as (keyof WebhookSettings)[]) {
    const name = environmentNames[key];
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive whole number, got "${raw}"`);
    settings[key] = value;
  }
  // A first pause above the cap would make every pause the cap: refused rather than quietly ignored.
  if (settings.backoffBaseMs > WEBHOOK_BACKOFF_CAP_MS)
    throw new Error(
      `WEBHOOK_BACKOFF_BASE_MS must be at most ${WEBHOOK_BACKOFF_CAP_MS} (an hour, the longest pause between tries), got "${env.WEBHOOK_BACKOFF_BASE_MS}"`,
    );
  return settings;
}
