/**
 * Customers' use of the flows (FLOW_USAGE_COUNTS=1, capability `flowUsage`): how many times each
 * transition was taken, nothing else. No user, no session, no event payload, no id of anything.
 * Apart from the schemas (flow-usage.ts): the recorder in every portal tab needs the numbers, not zod.
 */
export const flowUsageLimits = {
  /** entries per report: a portal tab sends at most this many and splits the rest */
  entries: 400,
  /** a report's body, bytes (keepalive requests on pagehide allow 64 kB in all) */
  bodyBytes: 48 * 1024,
  machine: 64,
  transition: 400,
  /** one tab cannot have taken one transition more often than this in a few minutes */
  count: 100_000,
  /** the longest period the studio asks for */
  days: 366,
} as const;
