import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bindUserEditor } from '../../../src/machines/settings/user-editor.machine';
import { selectUserEditorStatus } from '../../../src/machines/settings/user-editor.selectors';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const missing = new ApiError(
  { kind: 'http', call: 'GET petekcore/customer-accounts/12/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);
const noSuchUser = new ApiError(
  { kind: 'http', call: 'GET petekcore/customer-accounts/12/', status: 404, code: 'not_found' },
  'HTTP 404',
);

function openUser(answer: ApiError) {
  const reportError = vi.fn(async () => undefined);
  const user = vi.fn(async () => {
    throw answer;
  });
  const actor = createActor(bindUserEditor(testPorts({ reportError, user } as Partial<PortalApi>)), {
    input: { mode: 'edit', userId: 12 },
  }).start();
  return { actor, reportError };
}

describe("a user's page on a backend without user management", () => {
  it('says it is not offered rather than "user not found", and reports nothing', async () => {
    const { actor, reportError } = openUser(missing);
    await settle();
    expect(selectUserEditorStatus(actor.getSnapshot())).toBe('notOffered');
    expect(reportError).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a user that does not exist is still "user not found"', async () => {
    const { actor } = openUser(noSuchUser);
    await settle();
    expect(selectUserEditorStatus(actor.getSnapshot())).toBe('notFound');
    actor.stop();
  });
});
