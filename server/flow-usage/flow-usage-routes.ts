import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { flowUsageQueryWire, flowUsageReportWire } from '../../src/services/api/wire/flow-usage';
import { flowUsageLimits } from '../../src/services/api/wire/flow-usage-limits';
import { requireFlowReviewer } from '../flow-sign-offs/require-flow-reviewer';
import { badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { clientAddress } from '../security/client-address';
import { throttledAnswer } from '../security/throttle/refusal';
import type { Rule } from '../security/throttle/rules';
import { reserve } from '../security/throttle/store';
import { addFlowUsage, flowUsageOf, utcDay } from './flow-usage-queries';

/**
 * A tab reports every few minutes and when it is hidden: a few a minute per customer, and an office
 * shares one address. More than this from one address is not a portal tab.
 */
const reportsPerAddress: Rule = { limit: 60, windowMs: 60_000 };
const DAY_MS = 24 * 60 * 60_000;
const DEFAULT_DAYS = 30;

/**
 * Customers' use of the flows, only with FLOW_USAGE_COUNTS=1 (else these routes do not exist and
 * the capability `flowUsage` is not announced, so no portal reports).
 *
 * POST /flow-usage/: a tab's counts (machine, transition key, count: nothing else), public like the
 * error reports since customers use flows before they sign in; CSRF applies as to every unsafe call,
 * bounded in size, limited per client address, added to the current UTC day. Answers 202.
 *
 * GET /studio/flow-usage/?machine=<id>&days=30: for a flow reviewer (401/403 otherwise), per
 * transition the total of the last `days` days (today included) and the count of each day.
 */
export function flowUsageRoutes(deps: AppDeps) {
  const { db, now, trustProxy } = deps;
  const routes = new Hono<AppEnv>();

  routes.post(
    '/flow-usage/',
    bodyLimit({
      maxSize: flowUsageLimits.bodyBytes,
      onError: (c) => c.json({ detail: 'The request body is too large.', code: 'payload_too_large' }, 413),
    }),
    async (c) => {
      const report = await readJsonBody(c, flowUsageReportWire);
      const address = clientAddress(c, trustProxy);
      const answer = await reserve(
        db,
        [{ key: `flow-usage:address:${address}`, rule: reportsPerAddress }],
        now(),
        'hit',
        null,
      );
      if (answer.kind === 'blocked') throw throttledAnswer('flow usage reports', answer.retryAfterSeconds);
      await addFlowUsage(db, utcDay(now()), report.counts);
      return c.body(null, 202);
    },
  );

  routes.get('/studio/flow-usage/', requireFlowReviewer(deps), async (c) => {
    const query = flowUsageQueryWire.safeParse(c.req.query());
    if (!query.success)
      throw badRequest('The query has invalid fields.', {
        machine: ['A machine id (letters, digits, - and _), and days from 1 to 366.'],
      });
    const days = Math.min(Number(query.data.days ?? DEFAULT_DAYS), flowUsageLimits.days);
    const today = now();
    const from = utcDay(new Date(today.getTime() - (days - 1) * DAY_MS));
    return c.json(await flowUsageOf(db, query.data.machine, from, utcDay(today)));
  });

  return routes;
}
