import { readCookie } from '../api/client';
import { flowUsageLimits } from '../api/wire/flow-usage-limits';
import { type JourneyTransition, offerFlush } from './journey-flag';

/** A taken transition as the chart has it (src/studio/coverage-keys.ts), or null for one it does not draw. */
export type TransitionOf = (transition: unknown) => { machine: string; key: string } | null;

/** Sends one report of counts; resolves true when it arrived (or can never arrive: a 4xx other than 429). */
export type UsageSender = (
  counts: Array<{ machine: string; transition: string; count: number }>,
  options: { leaving: boolean },
) => Promise<boolean>;

export interface FlowUsageRecorder {
  /** the transitions of one `@xstate.microstep` */
  record(transitions: readonly unknown[]): void;
  /** starts counting for the supplier (FLOW_USAGE_COUNTS=1), reporting through `send` */
  countWith(send: UsageSender): void;
}

interface RecorderOptions {
  transitionOf: TransitionOf;
  /** a browser journey's report function (journey-flag.ts) */
  journeys?: (batch: JourneyTransition[]) => void;
  now?: () => Date;
  /** how often counts go out while the page stays open */
  reportEveryMs?: number;
}

/** A few minutes: a handful of small requests per customer and hour. */
const REPORT_EVERY_MS = 5 * 60_000;
const JOURNEY_BATCH_MS = 250;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Records what the portal's machines do, for the coverage overlay: in a browser journey each
 * transition a page took (once per page, handed to the test runner), and for the supplier how many
 * times each transition was taken (per machine, per UTC day, in memory; sent every few minutes,
 * when the page is hidden and when it goes away). Machine ids and transition keys only.
 */
export function createFlowUsageRecorder({
  transitionOf,
  journeys,
  now = () => new Date(),
  reportEveryMs = REPORT_EVERY_MS,
}: RecorderOptions): FlowUsageRecorder {
  const journey = journeys ? journeyBatches(journeys) : undefined;
  let counts: UsageCounts | undefined;

  return {
    record(transitions) {
      for (const transition of transitions) {
        const taken = transitionOf(transition);
        if (!taken) continue;
        journey?.add(taken);
        counts?.add(taken);
      }
    },
    countWith(send) {
      counts ??= usageCounts(send, now, reportEveryMs);
    },
  };
}

function journeyBatches(report: (batch: JourneyTransition[]) => void) {
  const reported = new Set<string>();
  let pending: JourneyTransition[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    return batch;
  };
  offerFlush(flush);
  return {
    add({ machine, key }: JourneyTransition) {
      const id = `${machine}\n${key}`;
      if (reported.has(id)) return;
      reported.add(id);
      pending.push({ machine, key });
      timer ??= setTimeout(() => report(flush()), JOURNEY_BATCH_MS);
    },
  };
}

type UsageCounts = ReturnType<typeof usageCounts>;

function usageCounts(send: UsageSender, now: () => Date, reportEveryMs: number) {
  /** machine → key → count, since the last report, all of `day` */
  let counts = new Map<string, Map<string, number>>();
  let day = utcDay(now());

  const take = () => {
    const entries = [...counts].flatMap(([machine, keys]) =>
      [...keys].map(([transition, count]) => ({ machine, transition, count })),
    );
    counts = new Map();
    return entries;
  };
  const putBack = (entries: ReturnType<typeof take>) => {
    for (const { machine, transition, count } of entries) add(machine, transition, count);
  };
  const add = (machine: string, key: string, count: number) => {
    const keys = counts.get(machine) ?? new Map<string, number>();
    keys.set(key, Math.min((keys.get(key) ?? 0) + count, flowUsageLimits.count));
    counts.set(machine, keys);
  };
  const report = (leaving: boolean) => {
    // a report that failed on the way is counted again with the next one (not when leaving)
    for (const part of reportParts(take()))
      send(part, { leaving }).then(
        (arrived) => arrived || leaving || putBack(part),
        () => leaving || putBack(part),
      );
  };

  setInterval(() => report(false), reportEveryMs);
  globalThis.addEventListener?.('pagehide', () => report(true));
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') report(true);
  });

  return {
    add({ machine, key }: { machine: string; key: string }) {
      const today = utcDay(now());
      // the server adds a report to the day it arrives: yesterday's counts go before today's begin
      if (today !== day) {
        report(false);
        day = today;
      }
      add(machine, key, 1);
    },
  };
}

/** Reports within the server's limits: at most `entries` entries and about `bodyBytes` each. */
function reportParts<T extends { machine: string; transition: string }>(entries: T[]): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = entry.machine.length + entry.transition.length * 2 + 64;
    if (
      part.length &&
      (part.length >= flowUsageLimits.entries || bytes + size > flowUsageLimits.bodyBytes / 2)
    ) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(entry);
    bytes += size;
  }
  if (part.length) parts.push(part);
  return parts;
}

/**
 * POST <apiBase>/flow-usage/ with the CSRF header every unsafe call carries. `keepalive` lets a
 * report leave with the page (sendBeacon cannot send that header). A throttled report (429) is
 * counted again with the next; anything else the server refuses is dropped.
 */
export function usageSender(apiBase: string): UsageSender {
  const url = `${apiBase.replace(/\/$/, '')}/flow-usage/`;
  return async (counts, { leaving }) => {
    const csrf = typeof document === 'undefined' ? null : readCookie(document.cookie, 'csrftoken');
    const response = await fetch(url, {
      method: 'POST',
      keepalive: leaving,
      headers: { 'Content-Type': 'application/json', ...(csrf ? { 'X-CSRFToken': csrf } : {}) },
      body: JSON.stringify({ counts }),
    });
    return response.status !== 429 && (response.ok || response.status < 500);
  };
}
