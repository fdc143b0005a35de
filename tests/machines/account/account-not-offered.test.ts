import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bindAccount } from '../../../src/machines/account/account.machine';
import { selectAccountStatus } from '../../../src/machines/account/account.selectors';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const missing = (status: number) =>
  new ApiError({ kind: 'http', call: 'GET netb2b/account/', status, code: 'no_such_call' }, `HTTP ${status}`);

describe('the own account on a backend without account editing', () => {
  it('a missing account call leaves the claims-only view, unreported, with no retry', async () => {
    const reportError = vi.fn(async () => undefined);
    const account = vi.fn(async () => {
      throw missing(404);
    });
    const actor = createActor(bindAccount(testPorts({ reportError, account } as Partial<PortalApi>))).start();
    await settle();
    expect(selectAccountStatus(actor.getSnapshot())).toBe('notOffered');
    expect(reportError).not.toHaveBeenCalled();
    actor.send({ type: 'account.retried' });
    await settle();
    expect(account).toHaveBeenCalledOnce();
    actor.stop();
  });
});
