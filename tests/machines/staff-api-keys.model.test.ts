import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { apiKeysMachine, bindApiKeys, type CreateKeyInput } from '../../src/machines/staff/api-keys.machine';
import {
  selectCopyState,
  selectIsCreatingKey,
  selectIsRevoking,
  selectKeyCreateFailed,
  selectKeyFormProblems,
  selectKeyName,
  selectKeySaving,
  selectKeyScopes,
  selectKeys,
  selectKeysLoadFailed,
  selectKeysLoading,
  selectRevokeCandidate,
  selectRevokeFailed,
  selectShownSecret,
} from '../../src/machines/staff/api-keys.selectors';
import type { CreatedKey, IntegrationKey } from '../../src/services/api/staff';
import { httpError, networkError } from '../../src/test/api-errors';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../src/test/modelFor';
import { testStaffPorts } from '../../src/test/staff-ports';
import { pathsToWalk } from '../../src/test/walk';

const key = (id: number, name: string, overrides: Partial<IntegrationKey> = {}): IntegrationKey => ({
  id,
  name,
  keyPrefix: `opk_0000000${id}`,
  scopes: ['prices:write'],
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'staff:staff',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});
const erp = key(1, 'ERP');
const created: CreatedKey = {
  key: key(2, 'Shop', { scopes: ['jobs:read'] }),
  secret: 'opk_00000002_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP',
};
const erpRevoked = { ...erp, revokedAt: '2026-11-27T11:00:00.000Z' };

const model = modelFor(apiKeysMachine, {
  events: [
    { type: 'xstate.done.actor.listKeys', output: [erp] },
    { type: 'xstate.error.actor.listKeys', error: networkError },
    { type: 'keys.nameChanged', name: 'Shop' },
    { type: 'keys.nameChanged', name: ' ' },
    { type: 'keys.scopeToggled', scope: 'jobs:read' },
    { type: 'xstate.done.actor.createKey', output: created },
    { type: 'xstate.error.actor.createKey', error: httpError(500) },
    { type: 'xstate.error.actor.copySecret', error: new Error('NotAllowedError') },
    { type: 'keys.revokeAsked', id: 1 },
    { type: 'xstate.done.actor.revokeKey', output: erpRevoked },
    { type: 'xstate.error.actor.revokeKey', error: networkError },
  ],
  // the guard reads the name and the scopes; the list and the secret are compared by the tests
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.name,
      s.context.scopes,
      s.context.submitted,
      s.context.keys.map((each: IntegrationKey) => [each.id, each.revokedAt]),
      s.context.secret,
    ]),
});
const walked = pathsToWalk('apiKeys', apiKeysMachine, model.getShortestPaths());

function createSut() {
  const listKeys = controllableActor<IntegrationKey[], void>();
  const createKey = controllableActor<CreatedKey, CreateKeyInput>();
  const revokeKey = controllableActor<IntegrationKey, { id: number }>();
  const copySecret = controllableActor<void, { secret: string }>();
  const actor = createActor(
    apiKeysMachine.provide({
      actors: {
        listKeys: listKeys.logic,
        createKey: createKey.logic,
        revokeKey: revokeKey.logic,
        copySecret: copySecret.logic,
      },
    }),
  ).start();
  return { actor, listKeys, createKey, revokeKey, copySecret };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = sendStepEvent(() => sut.actor);
const executors = {
  'keys.retried': send,
  'keys.createStarted': send,
  'keys.nameChanged': send,
  'keys.scopeToggled': send,
  'keys.submitted': send,
  'keys.cancelled': send,
  'keys.copyAsked': send,
  'keys.secretDismissed': send,
  'keys.revokeAsked': send,
  'keys.revokeConfirmed': send,
  'xstate.done.actor.listKeys': answerNextCall(() => sut.listKeys),
  'xstate.error.actor.listKeys': answerNextCall(() => sut.listKeys),
  'xstate.done.actor.createKey': answerNextCall(() => sut.createKey),
  'xstate.error.actor.createKey': answerNextCall(() => sut.createKey),
  'xstate.done.actor.revokeKey': answerNextCall(() => sut.revokeKey),
  'xstate.error.actor.revokeKey': answerNextCall(() => sut.revokeKey),
  'xstate.done.actor.copySecret': answerNextCall(() => sut.copySecret),
  'xstate.error.actor.copySecret': answerNextCall(() => sut.copySecret),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectKeys(now())).toEqual(expected.context.keys);
};
/** the secret is in no snapshot outside the one page that shows it */
const secretGone = () => {
  expect(selectShownSecret(now())).toBeNull();
  expect(JSON.stringify(now().context)).not.toContain(created.secret);
};

describe('api keys machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectKeysLoading(now())).toBe(true);
          expect(sut.listKeys.calls).toHaveLength(1);
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(selectKeysLoadFailed(now())).toBe(true);
        },
        list: (s) => {
          sameAsModel(s);
          secretGone();
          expect(selectIsCreatingKey(now())).toBe(false);
          expect(selectRevokeCandidate(now())).toBeNull();
        },
        'creating.editing': (s) => {
          sameAsModel(s);
          secretGone();
          expect(selectIsCreatingKey(now())).toBe(true);
          expect(selectKeyName(now())).toBe(s.context.name);
          expect(selectKeyScopes(now())).toEqual(s.context.scopes);
          // the messages show only once Create was pressed, one per wrong field
          expect(selectKeyFormProblems(now())).toEqual({
            name: s.context.submitted && s.context.name.trim() === '',
            scopes: s.context.submitted && s.context.scopes.length === 0,
          });
        },
        'creating.saving': (s) => {
          sameAsModel(s);
          expect(selectKeySaving(now())).toBe(true);
          expect(sut.createKey.calls.at(-1)?.input).toEqual({ name: 'Shop', scopes: ['jobs:read'] });
        },
        'creating.failed': (s) => {
          sameAsModel(s);
          expect(selectKeyCreateFailed(now())).toBe(true);
          // what was typed stays for Try again
          expect(selectKeyName(now())).toBe('Shop');
          expect(selectKeyScopes(now())).toEqual(['jobs:read']);
        },
        secretShown: (s) => {
          sameAsModel(s);
          expect(selectShownSecret(now())).toBe(created.secret);
          expect(selectKeys(now())[0]).toEqual(created.key);
        },
        'secretShown.shown': () => expect(selectCopyState(now())).toBe('idle'),
        'secretShown.copying': () => {
          expect(selectCopyState(now())).toBe('copying');
          expect(sut.copySecret.calls.at(-1)?.input).toEqual({ secret: created.secret });
        },
        'secretShown.copied': () => expect(selectCopyState(now())).toBe('copied'),
        'secretShown.copyFailed': () => expect(selectCopyState(now())).toBe('failed'),
        confirmingRevoke: (s) => {
          sameAsModel(s);
          expect(selectRevokeCandidate(now())).toEqual(erp);
          expect(sut.revokeKey.calls).toHaveLength(0);
        },
        revoking: (s) => {
          sameAsModel(s);
          expect(selectIsRevoking(now())).toBe(true);
          expect(sut.revokeKey.calls.at(-1)?.input).toEqual({ id: 1 });
        },
        revokeFailed: (s) => {
          sameAsModel(s);
          expect(selectRevokeFailed(now())).toBe(true);
          expect(selectRevokeCandidate(now())).toEqual(erp);
        },
      },
    });
  });
});

describe('the keys bound to their ports', () => {
  it('copies the secret with the clipboard port', async () => {
    const copied: string[] = [];
    const ports = testStaffPorts({
      api: {
        keys: async () => [],
        createKey: async () => created,
      },
      copyText: async (text) => {
        copied.push(text);
      },
    });
    const actor = createActor(bindApiKeys(ports)).start();
    await settle();
    actor.send({ type: 'keys.createStarted' });
    actor.send({ type: 'keys.nameChanged', name: 'Shop' });
    actor.send({ type: 'keys.scopeToggled', scope: 'jobs:read' });
    actor.send({ type: 'keys.submitted' });
    await settle();
    actor.send({ type: 'keys.copyAsked' });
    await settle();
    expect(copied).toEqual([created.secret]);
    expect(selectCopyState(actor.getSnapshot())).toBe('copied');
    actor.stop();
  });
});
