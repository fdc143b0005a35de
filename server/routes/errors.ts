import { Hono } from 'hono';
import { errorReportWire } from '../../src/services/api/wire/errors';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { storeErrorReport } from '../queries/error-reports';
import { userExists } from '../queries/users';
import { clientAddress } from '../security/client-address';
import { throttledAnswer } from '../security/throttle/refusal';
import { InvalidTokenError } from '../security/tokens';

/**
 * POST /errors/: the portal's error reports (spec point 8), stored in `error_reports`. Signed in or
 * not: a failed sign-in is reported before there is a session, and a report about an expired session
 * must not be refused for it, so the bearer is read when present and valid and never required.
 * CSRF applies as to every unsafe call. Answers 202 with no body; 429 when a client address, or
 * everyone together, has sent too many in the last minute (server/security/throttle/rules.ts).
 */
export function errorRoutes({ db, tokens, now, throttle, trustProxy }: AppDeps) {
  const routes = new Hono<AppEnv>();

  const reporterId = async (authorization: string | undefined): Promise<number | null> => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    let userId: number;
    try {
      userId = (await tokens.verify(token, 'access')).userId;
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
    return (await userExists(db, userId)) ? userId : null;
  };

  routes.post('/errors/', async (c) => {
    const report = await readJsonBody(c, errorReportWire);
    const wait = await throttle.errorReport(clientAddress(c, trustProxy));
    if (wait > 0) throw throttledAnswer('error reports', wait);
    await storeErrorReport(db, {
      user_id: await reporterId(c.req.header('Authorization')),
      source: report.source,
      message: report.message,
      status: report.status ?? null,
      call: report.call ?? null,
      url: report.url ?? null,
      created_at: now().toISOString(),
    });
    return c.body(null, 202);
  });

  return routes;
}
