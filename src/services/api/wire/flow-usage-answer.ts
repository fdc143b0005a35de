import * as z from 'zod/mini';

// Apart from the report's schema (flow-usage.ts), which the recorder loads with the inspection
// readers: sharing one module with the studio's call would split it into a chunk of its own whose
// preload the login route would carry.

/**
 * Answer of GET /studio/flow-usage/: per transition key the total over the period and the count of
 * each day that has one (YYYY-MM-DD, UTC), days ascending; `from`/`to` are the period's first and
 * last day.
 */
export const flowUsageAnswerWire = z.object({
  machine: z.string(),
  from: z.string(),
  to: z.string(),
  transitions: z.array(
    z.object({
      transition: z.string(),
      total: z.number(),
      days: z.array(z.object({ day: z.string(), count: z.number() })),
    }),
  ),
});
export type FlowUsageAnswerWire = z.infer<typeof flowUsageAnswerWire>;
