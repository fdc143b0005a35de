import * as z from 'zod/mini';
import { flowUsageLimits } from './flow-usage-limits';
import { singleLine } from './primitives';

/** A machine's id as the portal runs it: `checkout`, `cartLine`, `orders`. */
const machineId = z
  .string()
  .check(z.minLength(1), z.maxLength(flowUsageLimits.machine), z.regex(/^[A-Za-z][A-Za-z0-9_-]*$/));

/** A transition's key (src/studio/flow-version.ts `transitionKey`): `source --event [guard]--> target`. */
const transitionKeyWire = z
  .string()
  .check(z.minLength(5), z.maxLength(flowUsageLimits.transition), singleLine(), z.regex(/^\S+ --.*--> \S+$/));

/**
 * Body of POST /flow-usage/: counts since the tab's last report. The server adds them to the
 * current UTC day (its own clock: a client's is not trusted). Answer: 202, no body.
 */
export const flowUsageReportWire = z.strictObject({
  counts: z
    .array(
      z.strictObject({
        machine: machineId,
        transition: transitionKeyWire,
        count: z.int().check(z.gte(1), z.lte(flowUsageLimits.count)),
      }),
    )
    .check(z.minLength(1), z.maxLength(flowUsageLimits.entries)),
});

/** Query of GET /studio/flow-usage/?machine=<machine id>&days=30. */
export const flowUsageQueryWire = z.object({
  machine: machineId,
  /** whole days back from today, today included (default 30) */
  days: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,2}$/))),
});
