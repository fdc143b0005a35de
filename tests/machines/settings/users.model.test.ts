import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { CustomerUser } from '../../../src/domain/types';
import { bindUsers, usersMachine } from '../../../src/machines/settings/users.machine';
import {
  selectUserRows,
  selectUsersFailure,
  selectUsersStatus,
} from '../../../src/machines/settings/users.selectors';
import type { PortalApi } from '../../../src/services/api';
import { httpError, networkError } from '../../../src/test/api-errors';
import { aCustomerUser } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

/** the main user (mobile shown before landline), a colleague, an inactive colleague without a phone */
const users = [
  aCustomerUser({
    id: 1,
    firstName: 'Ada',
    lastName: 'Number1',
    landlinePhone: '+1 555 0100',
    mobilePhone: '+1 555 0199',
    isActive: true,
    isMainUser: true,
  }),
  aCustomerUser({
    id: 2,
    firstName: 'Ada',
    lastName: 'Number2',
    landlinePhone: '+1 555 0100',
    mobilePhone: '',
    isActive: true,
    isMainUser: false,
  }),
  aCustomerUser({
    id: 3,
    firstName: 'Ada',
    lastName: 'Number3',
    landlinePhone: '',
    mobilePhone: '',
    isActive: false,
    isMainUser: false,
  }),
];

const model = modelFor(usersMachine, {
  events: [
    { type: 'xstate.done.actor.loadUsers', output: users },
    { type: 'xstate.error.actor.loadUsers', error: httpError(403, 'main_user_only') },
    { type: 'xstate.error.actor.loadUsers', error: networkError },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.error?.status ?? null]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('users', usersMachine, paths);

function createSut() {
  const loadUsers = controllableActor<CustomerUser[], void>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindUsers(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: { loadUsers: loadUsers.logic },
  });
  const actor = createActor(bound).start();
  return { actor, loadUsers, reportError };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.loadUsers.next();
  if (outcome === 'resolve') call.resolve(event.output as CustomerUser[]);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'users.retried': send,
  'xstate.done.actor.loadUsers': settleWith('resolve'),
  'xstate.error.actor.loadUsers': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);

describe('users machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectUsersStatus(sut.actor.getSnapshot())).toBe('loading');
          expect(sut.loadUsers.calls).toHaveLength(1);
        },
        loaded: (s) => {
          sameAsModel(s);
          const rows = selectUserRows(sut.actor.getSnapshot());
          expect(rows.map((r) => [r.name, r.phone, r.isActive, r.isMainUser])).toEqual([
            ['Ada Number1', '+1 555 0199', true, true],
            ['Ada Number2', '+1 555 0100', true, false],
            ['Ada Number3', '', false, false],
          ]);
          // the same array while nothing changed (no re-render)
          expect(selectUserRows(sut.actor.getSnapshot())).toBe(rows);
        },
        failed: (s) => {
          sameAsModel(s);
          const failure = selectUsersFailure(sut.actor.getSnapshot());
          // a refusal is shown, not reported; a network failure is reported
          if (s.context.error?.status === 403) {
            expect(failure).toBe('forbidden');
            expect(sut.reportError).not.toHaveBeenCalled();
          } else {
            expect(failure).toBe('unknown');
            expect(sut.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'users' }));
          }
        },
      },
    });
  });
});
