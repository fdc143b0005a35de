import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { createResourceMachine } from '../../src/machines/resource.machine';
import { ApiError, type PortalApi } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';

type Languages = string[];
const api = {} as PortalApi;
const machine = createResourceMachine<Languages>('languages', () =>
  Promise.reject(new Error('not in tests')),
);
const serverError = new ApiError(
  { kind: 'http', call: 'GET baf/languages/', status: 500 },
  'GET baf/languages/ failed with HTTP 500',
);

const model = modelFor(machine, {
  input: { api },
  events: [
    { type: 'xstate.done.actor.load', output: ['en', 'de'] },
    { type: 'xstate.error.actor.load', error: serverError },
    { type: 'xstate.done.actor.reload', output: ['en', 'de', 'ar'] },
    { type: 'xstate.error.actor.reload', error: serverError },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.value, s.context.error?.kind ?? null]),
});
const paths = model.getShortestPaths();
requireFullCoverage('resource', machine, paths);

function createSut() {
  const load = controllableActor<Languages, { api: PortalApi }>();
  const actor = createActor(machine.provide({ actors: { load: load.logic } }), { input: { api } }).start();
  return { actor, load };
}
let sut: ReturnType<typeof createSut> | undefined;
afterEach(() => sut?.actor.stop());

const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut!.load.next();
  if (outcome === 'resolve') call.resolve(event.output as Languages);
  else call.reject(event.error);
  await settle();
};
const send = (step: { event: { type: string } }) => sut!.actor.send(step.event as never);
const executors = {
  'resource.load': send,
  'resource.reload': send,
  'resource.clear': send,
  'xstate.done.actor.load': settleWith('resolve'),
  'xstate.error.actor.load': settleWith('reject'),
  'xstate.done.actor.reload': settleWith('resolve'),
  'xstate.error.actor.reload': settleWith('reject'),
};
assertExecutorsFor(paths, executors);

/** What a view sees: the state, the value and the error, exactly as the model predicts. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut!.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.value).toEqual(expected.context.value);
  expect(actual.context.error).toEqual(expected.context.error);
};

describe('resource machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        new: (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.value).toBeNull();
        },
        loading: (s) => {
          sameAsModel(s);
          expect(sut!.load.calls).toHaveLength(1);
        },
        resolved: sameAsModel,
        reloading: (s) => {
          sameAsModel(s);
          // the previous value stays visible while the reload runs
          expect(sut!.actor.getSnapshot().context.value).not.toBeNull();
        },
        rejected: (s) => {
          sameAsModel(s);
          expect(sut!.actor.getSnapshot().context.error).toMatchObject({ kind: 'http', status: 500 });
        },
      },
    });
  });
});

describe('resource machine (unit)', () => {
  it('resource.load is a no-op once resolved', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    sut.load.next().resolve(['en']);
    await settle();
    sut.actor.send({ type: 'resource.load' });
    expect(sut.actor.getSnapshot().value).toBe('resolved');
    expect(sut.load.calls).toHaveLength(0);
  });

  it('clearing during a load aborts it and ignores its late answer', async () => {
    sut = createSut();
    sut.actor.send({ type: 'resource.load' });
    const call = sut.load.next();
    sut.actor.send({ type: 'resource.clear' });
    expect(call.signal.aborted).toBe(true);
    call.resolve(['en']);
    await settle();
    expect(sut.actor.getSnapshot()).toMatchObject({ value: 'new', context: { value: null } });
  });

  it('the loader receives the api from the input and an abort signal', async () => {
    let received: unknown;
    const real = createResourceMachine('probe', async ({ api: given, signal }) => {
      received = { given, aborted: signal.aborted };
      return 1;
    });
    const actor = createActor(real, { input: { api } }).start();
    actor.send({ type: 'resource.load' });
    await settle();
    expect(received).toEqual({ given: api, aborted: false });
    expect(actor.getSnapshot()).toMatchObject({ value: 'resolved', context: { value: 1 } });
  });
});
