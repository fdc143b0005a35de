import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { requireScope } from '../integration/require-integration-key';
import { recordSuborderReport } from './record-suborder-report';
import { MAX_REPORT_BYTES, suborderReportBody } from './suborder-report-wire';

/**
 * /api/integration/v1/suborders: the ERP reports what happens to each suborder (scope
 * `suborders:write`), one report at a time, checked against the suborder's chart.
 */
export function suborderEventRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/:reference/events',
    requireScope('suborders:write'),
    bodyLimit({
      maxSize: MAX_REPORT_BYTES,
      onError: (c) => c.json({ detail: 'The request body is too large.', code: 'payload_too_large' }, 413),
    }),
    async (c) => {
      const report = await readJsonBody(c, suborderReportBody);
      const { status, answer } = await recordSuborderReport(db, c.req.param('reference'), report, now());
      return c.json(answer, status);
    },
  );

  return routes;
}
