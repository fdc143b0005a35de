import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { requireUser } from '../security/require-user';

/**
 * The statechart studio's calls: a signed-in user (401 otherwise, as every signed-in call) who
 * reviews flows (`users.can_review_flows`, the claim that shows the studio), 403 for anyone else.
 * Read from the database on each call, so taking the flag away applies at once.
 */
export function requireFlowReviewer(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const signedIn = requireUser(deps);
  return (c, next) =>
    signedIn(c, async () => {
      const row = await deps.db
        .selectFrom('users')
        .select('can_review_flows')
        .where('id', '=', c.get('user').id)
        .executeTakeFirst();
      if (row?.can_review_flows !== 1)
        throw new ApiError(403, {
          detail: 'You do not review flows.',
          code: 'not_a_flow_reviewer',
        });
      await next();
    });
}
