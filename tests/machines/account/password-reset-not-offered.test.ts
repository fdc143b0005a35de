import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bindPasswordReset } from '../../../src/machines/account/password-reset.machine';
import {
  selectPasswordResetScreen,
  selectResetFailed,
} from '../../../src/machines/account/password-reset.selectors';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

/** The backend's catch-all answer for a call it does not have (not "no such record"). */
const noSuchCall = new ApiError(
  { kind: 'http', call: 'POST password-reset/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);

describe('password reset on a backend without it', () => {
  it('says the reset is not offered instead of offering Try again, and reports nothing', async () => {
    const reportError = vi.fn(async () => undefined);
    const requestPasswordReset = vi.fn(async () => {
      throw noSuchCall;
    });
    const actor = createActor(
      bindPasswordReset(testPorts({ reportError, requestPasswordReset } as Partial<PortalApi>)),
    ).start();
    actor.send({ type: 'passwordReset.changed', field: 'email', value: 'buyer@example.com' });
    actor.send({ type: 'passwordReset.submitted' });
    await settle();

    expect(selectPasswordResetScreen(actor.getSnapshot())).toBe('notOffered');
    expect(selectResetFailed(actor.getSnapshot())).toBe(false);
    expect(reportError).not.toHaveBeenCalled();
    // a second submit asks nothing more of a backend that has no such call
    actor.send({ type: 'passwordReset.submitted' });
    await settle();
    expect(requestPasswordReset).toHaveBeenCalledOnce();
    actor.stop();
  });
});
