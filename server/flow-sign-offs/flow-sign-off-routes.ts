import { Hono } from 'hono';
import { flowMachineWire, signOffRequestWire } from '../../src/services/api/wire/flow-sign-offs';
import { badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { insertSignOff, signOffsOf } from './flow-sign-off-queries';
import { requireFlowReviewer } from './require-flow-reviewer';

/**
 * The statechart studio's sign-offs, mounted at /api/studio: a product owner signs the version of a
 * flow they reviewed off with a comment (POST), and the studio lists a machine's sign-offs (GET,
 * newest first, with the signer's name). Only flow reviewers (require-flow-reviewer.ts).
 */
export function flowSignOffRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.use('/sign-offs/*', requireFlowReviewer(deps));

  routes.get('/sign-offs/', async (c) => {
    const machine = flowMachineWire.safeParse(c.req.query('machine') ?? '');
    if (!machine.success)
      throw badRequest('Invalid query parameters.', {
        machine: machine.error.issues.map((issue) => issue.message),
      });
    return c.json({ sign_offs: await signOffsOf(deps.db, machine.data) });
  });

  routes.post('/sign-offs/', async (c) => {
    const body = await readJsonBody(c, signOffRequestWire);
    const signOff = await insertSignOff(deps.db, { ...body, userId: c.get('user').id, at: deps.now() });
    return c.json(signOff, 201);
  });

  return routes;
}
