import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  markDelivered,
  markFailed,
  releaseDelivery,
} from './delivery-claims';
import { retryDelayMs } from './retry-backoff';
import { sendWebhook } from './send-webhook';
import { signingSecrets } from './webhook-secrets';
import { defaultWebhookSettings, type WebhookSettings } from './webhook-settings';

/** How many deliveries one process sends at the same time (each to a different order or endpoint). */
const WEBHOOK_CONCURRENCY = 8;
/** A lease outlasts the request's timeout by this much, so a live worker never loses one mid-try. */
const LEASE_MARGIN_MS = 30_000;

export interface WebhookWorkerOptions extends Partial<WebhookSettings> {
  db: Kysely<Database>;
  now?: () => Date;
  concurrency?: number;
  /** how long a taken delivery is this worker's; after it another worker may send it (default: timeout + 30 s) */
  leaseMs?: number;
  /** how long `stop()` waits for the requests in flight before it aborts them (default: the timeout) */
  stopTimeoutMs?: number;
  /** the jitter of the backoff (tests make it predictable) */
  random?: () => number;
  log?: Pick<Console, 'warn' | 'error'>;
}

export interface WebhookWorker {
  /**
   * Takes no more deliveries and waits for the requests in flight, at most `stopTimeoutMs`; those
   * still running then are aborted and given back untried. Resolves when this worker is done with
   * the database.
   */
  stop(): Promise<void>;
}

/**
 * Delivers the order events of `webhook_deliveries` to their endpoints, in this process. Every
 * process on the database runs one; the leases (delivery-claims.ts) make them share the work as one
 * worker would. While idle it asks the database once per `pollMs`; while there is work it asks again
 * as soon as a request ends, since the next event of that order may now be due.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { db, now = () => new Date(), random = Math.random, log = console } = options;
  const settings: WebhookSettings = {
    maxAttempts: options.maxAttempts ?? defaultWebhookSettings.maxAttempts,
    backoffBaseMs: options.backoffBaseMs ?? defaultWebhookSettings.backoffBaseMs,
    timeoutMs: options.timeoutMs ?? defaultWebhookSettings.timeoutMs,
    pollMs: options.pollMs ?? defaultWebhookSettings.pollMs,
  };
  const concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY;
  const leaseMs = options.leaseMs ?? settings.timeoutMs + LEASE_MARGIN_MS;
  const stopTimeoutMs = options.stopTimeoutMs ?? settings.timeoutMs;

  const inFlight = new Map<number, Promise<void>>();
  const stopping = new AbortController();
  let stopped = false;
  let polling: Promise<void> | undefined;
  let pollAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let lookupFailing = false;

  const wake = () => {
    if (stopped) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    clearTimeout(timer);
    polling = poll().finally(() => {
      polling = undefined;
      if (stopped) return;
      if (pollAgain) {
        pollAgain = false;
        wake();
        return;
      }
      timer = setTimeout(wake, settings.pollMs);
      timer.unref();
    });
  };

  const poll = async () => {
    const free = concurrency - inFlight.size;
    if (free <= 0) return;
    let claimed: ClaimedDelivery[];
    try {
      claimed = await claimDueDeliveries(db, { now: now(), leaseMs, limit: free });
    } catch (error) {
      // once per outage, not once per poll
      if (!lookupFailing)
        log.error('Webhooks: looking for due deliveries failed (tried again shortly):', error);
      lookupFailing = true;
      return;
    }
    if (lookupFailing) log.warn('Webhooks: the database answers again.');
    lookupFailing = false;
    if (stopped) {
      await Promise.all(claimed.map((delivery) => releaseDelivery(db, delivery).catch(() => undefined)));
      return;
    }
    for (const delivery of claimed) {
      const sending = deliver(delivery)
        .catch((error: unknown) =>
          // its lease runs out and another try follows: nothing is lost
          log.error(`Webhooks: recording the try of delivery ${delivery.id} failed:`, error),
        )
        .finally(() => {
          inFlight.delete(delivery.id);
          wake();
        });
      inFlight.set(delivery.id, sending);
    }
    // a full batch: there may be more due right away
    if (claimed.length === free) pollAgain = true;
  };

  const deliver = async (delivery: ClaimedDelivery) => {
    const triedAt = now();
    const result = await sendWebhook({
      url: delivery.url,
      eventId: delivery.eventId,
      payload: delivery.payload,
      secrets: signingSecrets(delivery, triedAt),
      now: triedAt,
      timeoutMs: settings.timeoutMs,
      signal: stopping.signal,
    });
    if (stopping.signal.aborted && !result.ok) {
      await releaseDelivery(db, delivery);
      return;
    }
    if (result.ok) {
      await markDelivered(db, delivery, result, { triedAt, now: now() });
      return;
    }
    const failedTries = delivery.attempts + 1;
    const nextAttemptAt = new Date(
      now().getTime() + retryDelayMs(failedTries, settings.backoffBaseMs, random),
    );
    await markFailed(db, delivery, result, { triedAt, nextAttemptAt, maxAttempts: settings.maxAttempts });
  };

  wake();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await polling;
      const sends = Promise.allSettled(inFlight.values());
      let giveUp: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        sends.then(() => true),
        new Promise<false>((resolve) => {
          giveUp = setTimeout(() => resolve(false), stopTimeoutMs);
        }),
      ]);
      clearTimeout(giveUp);
      if (waited) return;
      stopping.abort();
      await sends;
    },
  };
}
